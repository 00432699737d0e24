"""Actions a player takes with a card: using an ability of its text, accumulating a counter,
putting on equipment — each check (pure) → pay → apply.

A mixin of ``judge.classic.engine.Engine``.  ``use`` is the one path of every ability a card
*uses* (an attack from its text, finishing, a воздействие, a заклинание, «{tap}: получить …»):

1. **check** — nothing changes: the card may act now (its turn or an instant, open, not yet
   acted), «N раз за ход» not used up, the counters the cost needs are there, and the
   interpreter finds every effect carried out on the targets the player named (reach, range, a
   bystander's restriction, «нельзя применять к артефактам» …).  A failed check is the legality
   rule: cancelled, nothing paid, nothing turned face up;
2. the card is turned up and the action declared; instants in answer resolve last-declared-first;
   the card and its targets must still be there;
3. **pay** — counters (X of them when the cost says X), the use counted against its limit, the
   card closed;
4. **apply** — the interpreter runs the effects; then deaths.
"""
from __future__ import annotations

from berserk.text import plural
from berserk.vocab import AttackKind as K
from berserk.vocab import CardType
from berserk.vocab import TriggerEvent as TE
from grammar import ast as A
from judge import cites as C
from judge.classic.board import AIR, ATTACHED, FIELD
from judge.classic.state import Piece
from judge.core.context import Answers, Ctx, Problem
from judge.hosts import HostProblem, equipment_host_problems


def ability_kind(ab) -> str:
    """What kind of action an ability is, by its first effect (how a scenario verb picks it)."""
    node = ab.node
    e = node.effects[0] if isinstance(node, A.Activated) and node.effects else node
    if isinstance(e, A.Attack):
        return e.attack
    if isinstance(e, A.Finishing):
        return "finishing"
    if isinstance(e, A.Named):
        return "spell" if e.effect_kind == "spell" else "named"
    return type(e).__name__.lower()


def cost_of(ab) -> A.Cost:
    return ab.node.cost if isinstance(ab.node, A.Activated) else A.Cost(tap=True)


def effects_of(ab) -> tuple:
    return ab.node.effects if isinstance(ab.node, A.Activated) else (ab.node,)


def limit_of(ab) -> A.Limit | None:
    node = ab.node
    if isinstance(node, A.Activated):
        if node.limit is not None:
            return node.limit
        named = [e.limit for e in node.effects if isinstance(e, A.Named) and e.limit]
        return named[0] if named else None
    return getattr(node, "limit", None)


#: The scenario verbs and the kinds of ability each may use.
EFFECT_KINDS = ("named", "spell", "heal", "wound", "poison", "gain", "lose", "action")
FINISH_KINDS = ("finishing",)


class ActionRules:
    # ------------------------------------------------------------ choosing the ability
    def pick_ability(self, actor: Piece, kinds, inputs, clause: str):
        """The ability of ``kinds`` the player uses (None: any kind).  A card may have several
        (a plain shot and a stronger one for counters): the player names it — ``ability``, the
        line of the card's text — and the judge never guesses silently.  Returns the ``Ab``,
        None when the card has none, or False when the named line is not one of them."""
        found = [ab for ab in self.kit(actor).actions
                 if (kinds is None or ability_kind(ab) in kinds)
                 and (not ab.under or self.under_holds(actor, ab))]
        if not found:
            return None
        if len(found) == 1 and "ability" not in inputs.choices:
            return found[0]
        lines = ", ".join(f"{ab.line} — «{ab.text}»" for ab in found)
        n = inputs.choice(self, "ability", f"какую особенность «{actor.name}» применить "
                          f"(строка текста: {lines})", found[0].line, clause)
        ab = next((ab for ab in found if str(ab.line) == str(n)), None)
        if ab is None:
            self.illegal(f"в строке {n} текста «{actor.name}» нет такой особенности (есть: "
                         f"{lines}).", clause)
            return False
        return ab

    # ------------------------------------------------------------ the scenario verbs
    def ability_attack(self, actor: Piece, target: Piece, kind: str, inputs, responses=(),
                       as_response: bool = False) -> bool:
        return self.use(actor, (kind,), inputs, Answers({"target": target}), responses,
                        as_response, C.ATTACK_CLAUSE[kind], f"«{K(kind).forms.nom}»")

    def finish_action(self, actor: Piece, target: Piece, inputs,
                      as_response: bool = False) -> bool:
        return self.use(actor, FINISH_KINDS, inputs, Answers({"target": target}), (),
                        as_response, C.FINISHING, "добивания")

    def use_effect(self, actor: Piece, target: Piece | None, inputs,
                   as_response: bool = False, answers: Answers | None = None,
                   responses=()) -> bool:
        """An ability that is not an attack: «Воздействие «…» — …», «Заклинание «…» — …»,
        «{tap}: Излечить …», «{tap}: Получить …».  Not a fight: the target does not answer."""
        if answers is None:
            answers = Answers({"target": target} if target is not None else None)
        return self.use(actor, EFFECT_KINDS, inputs, answers, responses, as_response,
                        C.NAMED_EFFECT, "воздействия или заклинания")

    # ------------------------------------------------------------ the one path
    def use(self, actor: Piece, kinds, inputs, answers: Answers, responses=(),
            as_response: bool = False, clause: str = C.NAMED_EFFECT,
            what: str = "особенности") -> bool:
        if not actor.on_table:
            return self.illegal(f"действующая карта «{actor.name}» не в игре ({actor.where}).",
                                C.DEATH)
        ab = self.pick_ability(actor, kinds, inputs, clause)
        if ab is False:
            return False
        if ab is None:
            self.note_refused(actor)
            for other in self.kit(actor).refused:        # the one it meant may be among them
                self.refuse_ab(actor, other)
            return self.illegal(f"у «{actor.name}» нет {what}, которую судья может применить.",
                                clause)
        ctx = self.ability_ctx(actor, ab, inputs, answers)
        problem = self.use_problem(actor, ab, ctx, as_response)
        if problem is not None:
            self.note_refused(actor)
            return self.cancel(problem)
        cost = cost_of(ab)
        # declared: the card turns up; instants in answer
        self.note_refused(actor)
        self.reveal_actor(actor)
        targets = [t for group in ctx.bound.values() for t in group if isinstance(t, Piece)]
        on = (" по " + ", ".join(f"«{t.name}» ({t.where})" for t in targets)) if targets else ""
        self.emit("declare", f"«{actor.name}» ({actor.where}) применяет «{ab.text}»{on}"
                  + (" как внезапное действие" if cost.instant else "") + ".", *ctx.cites,
                  *((C.INSTANT,) if cost.instant else ()))
        if "defender" in inputs.choices and inputs.choices["defender"] is not None \
                and targets:
            d = inputs.choices["defender"]
            problem = self.defender_problem(actor, targets[0], d, ability_kind(ab))
            if problem:
                self.illegal(f"«{d.name}» не может стать защитником: {problem[0]}.", *problem[1])
        attack = next((e for e in effects_of(ab) if isinstance(e, A.Attack)), None)
        if responses and attack is not None and len(targets) == 1:
            # an instant may redirect the attack being declared («перенаправить атаку»)
            new = self.resolve_stack(list(responses), [actor, targets[0], attack.attack])
            if new is not targets[0]:
                old, targets = targets[0], [new]
                for index, got in ctx.bound.items():
                    ctx.bound[index] = [new if t is old else t for t in got]
        else:
            self.resolve_stack(list(responses))
        if not self.still_there(actor, targets, cost.tap):
            return False
        # pay
        self.state.last_action = (actor.id, "use")
        paid = (actor.counters, actor.counters - (ctx.spent or 0))
        self.pay(actor, ab, ctx)
        if any(isinstance(e, A.Attack) for e in effects_of(ab)):
            actor.attacks += 1
        # apply
        for t in targets:
            if t is not actor:
                self.note_refused(t)
                self.reveal(t, "на неё применяют особенность")
        self.interp.apply(effects_of(ab), ctx)
        self.check_deaths()
        self.facts.clear()
        if ctx.spent:
            # the cost's counters were lost in one go: «когда … единовременно теряет N {counter}»
            # answers once the ability is done (docs/judge.md)
            self.fire(TE.LOSES_COUNTER, actor, before=paid[0], after=paid[1])
            self.check_deaths()
        return True

    def ability_ctx(self, actor: Piece, ab, inputs, answers: Answers) -> Ctx:
        effects = effects_of(ab)
        named = next((e for e in effects if isinstance(e, A.Named)), None)
        spell = named is not None and named.effect_kind == "spell"
        attack = next((e for e in effects if isinstance(e, A.Attack)), None)
        if attack is not None:
            cites = (C.ATTACK_CLAUSE[attack.attack],)
        elif isinstance(effects[0], A.Finishing):
            cites = (C.FINISHING,)
        else:
            cites = (C.SPELL if spell else C.NAMED_EFFECT,)
        guard = K.SPELLS if spell else K.EFFECTS if named is not None or attack is None else None
        return Ctx(actor, ab.line, ab.text, inputs, answers=answers, points=ab.points,
                   guard=guard, cites=cites, key=f"{actor.id}/{ab.line}")

    def use_problem(self, actor: Piece, ab, ctx: Ctx, as_response: bool) -> Problem | None:
        """Everything that must hold before the action goes ahead — pure."""
        cost = cost_of(ab)
        if as_response and not cost.instant:
            return Problem(f"«{ab.text}» — не внезапное действие; в ответ его объявить нельзя",
                           (C.INSTANT,))
        problem = self.act_problem(actor, "применить особенность", instant=cost.instant,
                                   tap=cost.tap, artifact_ok=True, terrain_ok=True)
        if problem is not None:
            return problem
        limit = limit_of(ab)
        if limit is not None and limit.each is None:
            used = actor.used if limit.per == "turn" else actor.used_fight
            if used.get(ctx.key, 0) >= limit.times:
                per = "ход" if limit.per == "turn" else "бой"
                return Problem(f"«{ab.text}» уже применена {limit.times} раз(а) за {per}",
                               (C.AXE,))
        need = cost.counters
        if isinstance(need, str):                     # «X{counter}»: X the player picks
            x = ctx.answers.x
            if x is None:
                x = ctx.inputs.choice(self, "x", f"X — сколько фишек потратить на «{ab.text}»",
                                      actor.counters, C.COUNTERS)
            ctx.x = ctx.spent = int(x)
            need = ctx.x
        else:
            ctx.spent = need or 0
        if (need or 0) > actor.counters:
            return Problem(f"для «{ab.text}» нужно фишек: {need}, а на «{actor.name}» "
                           f"{actor.counters}", (C.COUNTERS,))
        problem = self.interp.check(effects_of(ab), ctx)
        if problem is None and limit is not None and limit.each is not None:
            # «(1 раз за ход для каждого существа)»: counted per card the text names by «с …»
            # (the check has just bound it: the attacked card of a redirect)
            each = self.declared[-1][1] if self.declared else None
            used = actor.used if limit.per == "turn" else actor.used_fight
            if each is None:
                return Problem(f"«{ab.text}»: не ясно, для какой карты считать ограничение",
                               (C.AXE,))
            ctx.refs["each"] = each
            if used.get(f"{ctx.key}@{each.id}", 0) >= limit.times:
                per = "ход" if limit.per == "turn" else "бой"
                return Problem(f"«{ab.text}» для «{each.name}» уже применена {limit.times} "
                               f"раз(а) за {per}", (C.AXE,))
        return problem

    def pay(self, actor: Piece, ab, ctx: Ctx) -> None:
        if ctx.spent:
            actor.counters -= ctx.spent
            self.emit("counter", f"«{actor.name}» тратит фишек: {ctx.spent} (осталось "
                      f"{actor.counters}).", C.COUNTERS)
        limit = limit_of(ab)
        if limit is not None:
            used = actor.used if limit.per == "turn" else actor.used_fight
            key = ctx.key if limit.each is None else f"{ctx.key}@{ctx.refs['each'].id}"
            used[key] = used.get(key, 0) + 1
        if cost_of(ab).tap:
            self.close_after_action(actor, f"«{ab.text}»")
        self.acts(actor)

    # ------------------------------------------------------------ counters
    def charge(self, piece: Piece) -> bool:
        """«Закрыться, чтобы накопить фишку» — an action of its own."""
        problem = self.act_problem(piece, "закрыться для накопления фишки", artifact_ok=True)
        limit = self.traits(piece).counter_limit
        if problem is None and limit is not None and piece.counters >= limit:
            problem = Problem(f"у «{piece.name}» уже {piece.counters} "
                              f"{plural(limit, 'фишка', 'фишки', 'фишек')} — больше {limit} она "
                              "иметь не может", (C.COUNTERS, C.AXE))
        if problem is not None:
            return self.cancel(problem)
        self.note_refused(piece)
        self.reveal_actor(piece)
        self.state.last_action = (piece.id, "charge")
        self.close_after_action(piece, "накопление фишки")
        self.acts(piece)
        piece.counters += 1
        self.emit("counter", f"«{piece.name}» получает фишку (всего {piece.counters}).",
                  C.COUNTERS, counters=piece.counters)
        self.fire(TE.GETS_COUNTER, piece, before=piece.counters - 1, after=piece.counters)
        self.check_deaths()
        return True

    def open_by_effect(self, piece: Piece, source: str) -> bool:
        """A card opened by some effect (of a card the scenario does not model)."""
        if not piece.on_table:
            return self.illegal(f"карта «{piece.name}» не в игре ({piece.where}).", C.DEATH)
        return self.open_card(piece, source, C.NAMED_EFFECT)

    # ------------------------------------------------------------ equipment
    def equip_problem(self, item: Piece, host: Piece) -> Problem | None:
        st = self.state
        if not host.on_table or host.zone != FIELD and host.zone != AIR:
            return Problem(f"«{item.name}» нельзя поместить: хозяин «{host.name}» не на поле боя",
                           (C.EQUIPMENT,))
        if host.owner != item.owner:
            return Problem(f"«{item.name}» нельзя поместить: экипировку можно помещать только "
                           "на существ своего отряда", (C.EQUIPMENT,))
        problem = host_problem(host)
        if problem is HostProblem.ARTIFACT:
            return Problem(f"на артефакт «{host.name}» нельзя помещать экипировку",
                           (C.EQUIPMENT, C.ARTIFACT))
        if problem is not None:
            why = {HostProblem.NOT_CREATURE: f"«{host.name}» — не существо",
                   HostProblem.NO_CLASS: f"у «{host.name}» нет класса",
                   HostProblem.FLYER: f"«{host.name}» — летающее существо",
                   HostProblem.SYMBIOTE: f"«{host.name}» — симбиот",
                   HostProblem.INCORPOREAL: f"«{host.name}» бестелесна"}[problem]
            return Problem(f"«{item.name}» нельзя поместить: {why}", (C.EQUIPMENT,))
        for other in st.attached_to(host):
            if other.kind is CardType.EQUIPMENT and set(other.card.classes) & set(item.card.classes):
                return Problem(f"«{item.name}» нельзя поместить: на «{host.name}» уже есть "
                               f"экипировка того же класса («{other.name}»)", (C.EQUIPMENT,))
        return None

    def equip(self, item: Piece, host: Piece) -> bool:
        problem = self.equip_problem(item, host)
        if problem is not None:
            return self.cancel(problem)
        item.zone, item.host, item.cell = ATTACHED, host.id, None
        host.forget_traits()
        self.forget_auras()
        self.emit("equip", f"«{item.name}» помещается на «{host.name}» ({host.where}).",
                  C.EQUIPMENT)
        return True


def host_problems(host: Piece) -> tuple[HostProblem, ...]:
    """Why ``host`` (as it is on the table now) cannot carry equipment."""
    return equipment_host_problems(artifact=host.is_artifact, creature=host.is_creature,
                                   classes=host.card.classes, flyer=host.flying,
                                   symbiote=host.symbiote, incorporeal=host.incorporeal)


def host_problem(host: Piece) -> HostProblem | None:
    """The first of ``host_problems`` (the rules' order), or None."""
    problems = host_problems(host)
    return problems[0] if problems else None
