"""Rules effects (503) and the end of the game (601–605).

``settle`` is run after every atomic change (a wound, a destruction, one shot of several) and
at every declaration point: rules effects happen at once, out of the queue (503.2, 505.1).
One pass applies everything due simultaneously (503.3): creatures whose lives are 0 or less
die together; a player whose hero has no lives left loses (604.1 — current lives, extra lives
included: design R9); both at once is a draw (603.1).  Creatures whose *base* lives are 0 or
less wait until the queue is empty (512.6: ``base_zero``).

Once a result is given nothing changes it (605.1): the queue is dropped and every later action
is refused.  A mixin of the Engine.
"""
from __future__ import annotations

from berserk.text import plural
from judge.heroes import cites as C
from judge.heroes.model import PLAYERS, other


class Rules:
    @property
    def over(self) -> bool:
        return self.g.result is not None

    def settle(self) -> None:
        """Apply the rules effects now due, until none is (503.3, 503.3.1).  Held while the
        two strikes of a fight are put (they are simultaneous, 510.1)."""
        while not self.over and not self.hold:
            if self._losses():
                return
            dead = [o for o in self.g.in_play() if o.is_creature and (o.base("life") or 0) > 0
                    and self.lives(o) <= 0]
            if not dead:
                return
            if len(dead) > 1:
                self.emit("rules", "Гибнут одновременно, одним событием: " + ", ".join(
                    f"«{o.name}»" for o in dead) + ".", C.RULES_EFFECTS_BATCH, C.DESTROYED)
            for o in dead:
                self.die(o, f"жизней {self.lives(o)}", self.last_killer.get(o.id),
                         cites=(C.DESTROYED, C.RULES_EFFECTS, C.RULES_EFFECTS_NOW))

    def base_zero(self) -> bool:
        """512.6: after the queue is empty, creatures with base lives 0 or less and current
        lives 0 or less die together.  True if any did."""
        dead = [o for o in self.g.in_play() if o.is_creature and (o.base("life") or 0) <= 0
                and self.lives(o) <= 0]
        for o in dead:
            self.emit("rules", f"Очередь пуста: у «{o.name}» базовых жизней {o.base('life') or 0} и "
                      f"текущих {self.lives(o)} — существо погибает.", C.BASE_ZERO)
            self.die(o, "0 базовых жизней", cites=(C.BASE_ZERO,))
        return bool(dead)

    def _losses(self) -> bool:
        losers = []
        for p in PLAYERS:
            hero = self.g.hero(p)
            if hero is not None and self.lives(hero) <= 0:
                self.emit("lost", f"У героя «{hero.name}» игрока {p} {hero.wounds} "
                          f"{plural(hero.wounds, 'рана', 'раны', 'ран')}, жизней "
                          f"{self.lives(hero)} — игрок {p} проигрывает.", C.DEFEAT,
                          C.RULES_EFFECTS, C.RULES_EFFECTS_NOW, C.VICTORY)
                losers.append(p)
        if losers:
            self.finish(losers)
            return True
        return False

    def finish(self, losers: list[str], winners: tuple[str, ...] = ()) -> None:
        """Give the result (602–604) and stop the game (605.1)."""
        losers = sorted(set(losers) | {other(w) for w in winners})
        if len(losers) == 2:
            self.g.result = "draw"
            self.emit("result", "Оба игрока проигрывают одновременно — ничья.", C.DRAW_GAME,
                      C.GAME_OVER)
        else:
            self.g.result = other(losers[0])
            self.emit("result", f"Победа игрока {self.g.result}.", C.WIN, C.GAME_OVER)
        self.g.phase = "over"
        if self.queue:
            self.emit("game_over", f"Игра окончена: {len(self.queue)} способн. в очереди не "
                      "выполняются.", C.GAME_OVER)
            self.queue.clear()
        self.pending.clear()
