"""Movement: a card's own move in steps, and moves card text makes (переместить, телепортировать,
поменять местами) — each check (pure) → apply, each step an event for «при перемещении».

A mixin of ``judge.classic.engine.Engine``.  A card moves forward, back, right or left one cell
per move point, only onto free cells (movement); «может двигаться по диагонали» adds the
diagonal steps (Правило Топора).  Move points are the printed {move} plus what its abilities add
(«+1 к {move}», «{move}1»), restored at its turn's start and when it opens.  A move by an effect
does not spend move points and is not the card's action.
"""
from __future__ import annotations

from berserk.text import plural
from berserk.vocab import KeywordName as KW
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import Verb
from judge import cites as C
from judge.classic import board
from judge.classic.board import AIR, FIELD
from judge.classic.state import Piece
from judge.core.context import Ctx, Problem


def direction(a: str, b: str) -> str:
    ca, cb = board.parse(a), board.parse(b)
    return f"{cb.col - ca.col:+d}{cb.row - ca.row:+d}"


class MoveRules:
    def move_points(self, p: Piece) -> int:
        """The card's move points for a turn: printed {move} plus what its text adds."""
        base = p.move
        if base is None:
            return 0
        t = self.traits(p)
        extra = 0
        for b in t.bonuses:
            if "move" in b.to and b.against is None and b.condition is None:
                extra += self.bonus_amount(b, p, Ctx(p, 0, "", self.inputs))
        return max(base + extra, 0)

    # ------------------------------------------------------------ a card's own move
    def move_problem(self, piece: Piece, path: list[str]) -> Problem | None:
        st = self.state
        if not piece.on_table:
            return Problem(f"карта «{piece.name}» не в игре ({piece.where})", (C.DEATH,))
        if piece.flying or piece.zone == AIR:
            return Problem(f"«{piece.name}» — летающее существо: летающие не двигаются",
                           (C.FLYERS, C.MOVEMENT))
        if piece.is_artifact:
            return Problem(f"артефакт «{piece.name}» не двигается", (C.ARTIFACT, C.MOVEMENT))
        problem = self.act_problem(piece, "двигаться", action=False)
        if problem is not None:
            return problem
        if piece.move is None:
            return Problem(f"у «{piece.name}» движение «X»: она в принципе не может ходить",
                           (C.MOVEMENT,))
        if self.traits(piece).restricted(Verb.MOVE):
            return Problem(f"«{piece.name}» не может передвигаться (текст карты)",
                           (C.MOVEMENT, C.AXE))
        if len(path) > piece.moves_left:
            left = piece.moves_left
            why = ("у карты движение «0»" if piece.move == 0 and not left
                   else f"осталось очков движения: {left}")
            return Problem(f"«{piece.name}» хочет пройти {len(path)} "
                           f"{plural(len(path), 'клетку', 'клетки', 'клеток')}, но {why}",
                           (C.MOVEMENT,))
        diagonal = self.traits(piece).has(KW.DIAGONAL_MOVE)
        here = piece.cell
        for step in path:
            ok = board.orthogonal_step(here, step) or (diagonal and board.adjacent(here, step))
            if not ok:
                diag = board.adjacent(here, step)
                return Problem(f"шаг {here}→{step} " + ("по диагонали" if diag else
                               "не на соседнюю клетку") + ": двигаться можно только вперёд, "
                               "назад, вправо или влево на одну клетку", (C.MOVEMENT,))
            if st.occupied(step):
                who = st.at(step)
                what = (f"картой «{who.name}»" if who is not None else "— на ней маркер, с "
                        "которым клетка считается занятой (текст карты)")
                return Problem(f"клетка {step} занята {what}; двигаться можно только на "
                               "свободные клетки", (C.MOVEMENT,) if who is not None
                               else (C.MOVEMENT, C.AXE))
            here = step
        return None

    def move(self, piece: Piece, path: list[str]) -> bool:
        problem = self.move_problem(piece, path)
        if problem is not None:
            return self.cancel(problem)
        self.reveal_actor(piece)
        self.state.last_action = (piece.id, "move")
        start = piece.cell
        diagonal = any(not board.orthogonal_step(a, b)
                       for a, b in zip([start] + path[:-1], path))
        piece.moves_left -= len(path)
        self.emit("move", f"«{piece.name}» перемещается {start}→{'→'.join(path)} (осталось "
                  f"очков движения: {piece.moves_left}).", C.MOVEMENT,
                  *((C.AXE,) if diagonal else ()), frm=start, to=path[-1])
        here = start
        for step in path:
            self.step(piece, here, step)
            if piece.cell != step or piece.zone != FIELD:
                # a trigger of a step moved it elsewhere (or it died): the rest of the path
                # is not walked from a cell it no longer stands on
                self.emit("move-stopped", f"«{piece.name}» больше не на {step} — оставшаяся "
                          "часть пути не проходится.", C.MOVEMENT, C.AXE)
                break
            here = step
        self.fire(TE.MOVE, piece, frm=start, to=piece.cell if piece.zone == FIELD else here)
        return True

    def step(self, piece: Piece, a: str, b: str) -> None:
        """One cell of a move: the position, what it counts for «переместилась на N клеток»,
        and the events of a step (to a neighbouring cell, across the middle line)."""
        piece.cell = b
        piece.moved += 1
        d = direction(a, b)
        piece.moved_dirs[d] = piece.moved_dirs.get(d, 0) + 1
        self.fire(TE.MOVE_ADJACENT, piece, frm=a, to=b)
        before, after = board.own_row_number(piece.owner, a), board.own_row_number(piece.owner, b)
        if before is not None and after is None:
            self.fire(TE.CROSSED_TO_ENEMY_HALF, piece, frm=a, to=b)
        elif before is None and after is not None:
            self.fire(TE.CROSSED_TO_OWN_HALF, piece, frm=a, to=b)

    # ------------------------------------------------------------ moves by card text
    def move_by_effect(self, target: Piece, verb: str, to, ctx: Ctx) -> bool:
        st = self.state
        if target.zone != FIELD:
            return self.cancel(Problem(f"«{target.name}» не на клетке поля — её нельзя "
                                       "переместить", (C.MOVEMENT,)))
        if verb == Verb.SWAP:
            other = to if isinstance(to, Piece) else st.at(str(to))
            if other is None or other.zone != FIELD:
                return self.cancel(Problem("меняться местами можно только с картой на поле",
                                           (C.MOVEMENT, C.AXE)))
            a, b = target.cell, other.cell
            target.cell, other.cell = b, a
            self.emit("swap", f"«{target.name}» и «{other.name}» меняются местами ({a}↔{b}; "
                      f"«{ctx.text}»).", *(ctx.cites or (C.AXE,)), C.MOVEMENT)
            return True
        cell = to.cell if isinstance(to, Piece) else str(to)
        if st.occupied(cell):
            return self.cancel(Problem(f"клетка {cell} занята — туда нельзя переместить",
                                       (C.MOVEMENT,)))
        start = target.cell
        target.cell = cell                 # not the card's own move: ``moved`` stays
        self.emit("move", f"«{target.name}» перемещается {start}→{cell} («{ctx.text}»; это не "
                  "её действие, очки движения не тратятся).", *(ctx.cites or (C.AXE,)),
                  C.MOVEMENT, frm=start, to=cell)
        self.fire(TE.MOVE, target, frm=start, to=cell, by=verb, mover=ctx.source)
        return True
