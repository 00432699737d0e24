"""The queue (401–403): trigger points, simultaneous triggers, declaration, resolution.

* ``happen`` records a game event; every triggered feature whose condition it meets is
  collected at once, from the card's features as they are at that moment, wherever the card
  then goes (401.5; a dead card's «Гибель» reads its last features, 205.3).  The trigger is
  controlled by whoever controlled its source then (113.6, 505.3).
* ``declare_pending`` runs at each declaration point — after a queue item or a step of an action
  is complete (401.6): the batch is declared the non-active player's first, then the active
  player's, each in the order its player chooses (402.1); each goes to the **tail** of the queue
  (401.3, FIFO — design R3, R4).  Declaring takes the once-per-turn marker (113.5) unless the
  text says «Каждый раз, когда»; a trigger whose ability cannot be declared now (no legal
  target, 502.9) is not declared and takes no marker (113.8).  One ability met several times
  before it could be declared uses one trigger point of the player's choice (113.7).
* ``run_queue`` takes the head of the queue and executes it (401.7) until it is empty (401.8);
  an item whose every target is gone is not executed and gives its marker back (113.9); then
  creatures with 0 base lives die (512.6).

A mixin of the Engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from berserk.vocab import AttackKind as K
from berserk.vocab import Qualifier, Verb
from berserk.vocab import SelectorNoun as N
from berserk.vocab import TriggerEvent as E
from berserk.vocab import TriggerParam
from grammar import ast as A
from judge.core.context import Answers, Ctx, Problem, choice_points
from judge.heroes import cites as C
from judge.heroes.model import Obj, other
from judge.heroes.wording import Feature

#: The clause that names each kind of trigger, for the trace.
TRIGGER_CITES = {E.ENTERS: C.T_HIRE, E.OWN_DEATH: (C.T_DEATH, C.DEATH_TRIGGERS),
                 E.DEATH: C.DEATH_TRIGGERS,
                 E.TO_GRAVEYARD: C.FROM_GRAVEYARD, E.TURN_START: (C.START_TRIGGERS, C.T_TURN_START),
                 E.TURN_END: (C.END_TRIGGERS, C.TRIGGER_WORDS),
                 E.NEXT_TURN_START: (C.START_TRIGGERS, C.DELAYED),
                 E.OPPONENT_TURN_START: C.START_TRIGGERS,
                 E.OPPONENT_TURN_END: C.END_TRIGGERS, E.ATTACK: C.AFTER_FIGHT}


#: The glossary term of each keyword that is a trigger (part 7).
KEYWORD_TERMS = {"Регенерация": C.T_REGEN, "Вампиризм": C.T_VAMPIRISM,
                 "Инкарнация": C.T_INCARNATION,
                 "Медитация": C.T_MEDITATION, "Отравление": C.T_POISON,
                 "отложенный": C.DELAYED_SOURCE}


@dataclass
class Ev:
    kind: str
    subject: Obj | None
    data: dict = field(default_factory=dict)


@dataclass
class Pending:
    source: Obj
    feature: Feature
    controller: str
    ev: Ev
    seq: int


@dataclass
class Item:
    seq: int
    label: str
    kind: str                      # trigger | spell | activated
    source: Obj
    gen: int
    controller: str
    feature: Feature
    ctx: Ctx
    marker: str | None = None


def marker_key(f: Feature) -> str:
    key = f"L{f.line}" if f.line else f"K:{f.text}"
    return key if f.card is None else f"{f.card}:{key}"


def is_cancel(f: Feature) -> bool:
    """A cancellation (518.1) looks like a trigger but replaces the play: not queued."""
    return isinstance(f.node, A.Triggered) and any(
        isinstance(n, A.Action) and n.verb == Verb.CANCEL for e in f.node.effects
        for n in A.walk(e))


def effects_of(f: Feature) -> tuple:
    node = f.node
    if isinstance(node, (A.Triggered, A.Activated)):
        return node.effects
    return (node,)


class Queue:
    # ---------------------------------------------------------------- events and triggers
    def happen(self, event: str, subject: Obj | None, **data: Any) -> Ev:
        ev = Ev(event, subject, data)
        self.log.append(ev)
        part = ev.data.get("part")                 # term:Модуль: only the part's own Найм
        for source, feature, controller in self._candidates(ev):
            if part is not None and feature.card != part.id:
                continue
            if self._fires(feature.node.trigger, source, controller, ev) and \
                    self._trigger_condition(feature, source, controller, ev):
                self._seq += 1
                self.pending.append(Pending(source, feature, controller, ev, self._seq))
        return ev

    def _candidates(self, ev: Ev):
        if ev.kind in (E.OWN_DEATH, E.TO_GRAVEYARD) and ev.data.get("lki") is not None:
            dead, lki = ev.subject, ev.data["lki"]
            for f in lki.features:
                if isinstance(f.node, A.Triggered) and f.node.trigger.event == ev.kind:
                    yield dead, f, ev.data["controller"]
        seen = {ev.subject.id} if ev.kind in (E.OWN_DEATH, E.TO_GRAVEYARD) and ev.subject \
            and ev.data.get("lki") is not None else set()   # from a hand or a deck: no LKI
        subj = ev.subject
        if subj is not None and subj.zone != "play" and not seen:
            # it left play in the same application (died in the fight it attacked in …):
            # its triggers on this event read its last features (401.5, 403.1)
            for o, lki in self.just_died:
                if o is subj:
                    seen.add(o.id)
                    for f in lki.features:
                        if isinstance(f.node, A.Triggered):
                            yield o, f, lki.controller
        if ev.kind == E.OWN_DEATH:
            # 401.5: cards that died together with this one (one application, one rules-effect
            # pass) still react to its death, from their last known features
            for o, lki in self.just_died:
                if o.id in seen:
                    continue
                seen.add(o.id)
                for f in lki.features:
                    if isinstance(f.node, A.Triggered) and f.node.trigger.event == E.DEATH:
                        yield o, f, lki.controller
        for o in self.g.in_play():
            if o.id in seen:
                continue
            for f in self.features(o):
                if isinstance(f.node, A.Triggered) and f.zone == "play" and f.reason is None \
                        and not is_cancel(f):
                    yield o, f, o.controller
            for f in self.keyword_triggers(o):
                yield o, f, o.controller
        for p in self.g.players.values():
            eggs = [m.id for e in self.g.in_play(p.name) if self.is_egg(e) for m, _ in e.mined]
            for oid in p.hand + eggs:           # Засада: the hand and under your Яйца
                o = self.g.objs[oid]
                for f in self.printed(o):
                    if isinstance(f.node, A.Triggered) and f.zone == "hand" and f.reason is None:
                        yield o, f, o.owner
            for oid in p.graveyard:
                o = self.g.objs[oid]
                if o.id in seen:
                    continue
                for f in self.printed(o):
                    if isinstance(f.node, A.Triggered) and f.zone == "graveyard" \
                            and f.reason is None:
                        yield o, f, o.owner
                for f in self.incarnation_triggers(o):      # term:Инкарнация X
                    yield o, f, o.owner

    def _trigger_condition(self, f: Feature, source: Obj, me: str, ev: Ev) -> bool:
        """«…, если <условие>, …» after a trigger's head is part of its condition (113.2):
        not met when the event happens — it does not trigger."""
        cond = f.node.condition
        if cond is None:
            return True
        refs = {"it": ev.subject} if ev.subject is not None and ev.subject is not source else {}
        got = self.cond_holds(cond, source, refs, me)
        if not got:
            self.emit("not_triggered", f"«{self.label(source, f)}»: условие срабатывания («если "
                      "…») не выполнено — способность не срабатывает.", C.TRIGGER_WORDS)
        return got

    def _fires(self, trig: A.Trigger, source: Obj, me: str, ev: Ev) -> bool:
        k, subj = trig.event, ev.subject
        if k != ev.kind and not (k == E.DEATH and ev.kind == E.OWN_DEATH):
            return False
        if k in (E.ENTERS, E.ATTACKED, E.TO_GRAVEYARD):
            return subj is source
        if k == E.OWN_DEATH:
            if subj is not source:
                return False
            if "from_enemy_creature" in trig.params:
                killer = ev.data.get("killer")
                return killer is not None and killer.is_creature and killer.controller != me
            return True
        if k == E.DEATH:
            lki = ev.data["lki"]
            return subj is not source and self._fits_lki(trig.subject, subj, lki.controller,
                                                         source, me)
        if k == E.ATTACK:
            if subj is not source:
                return False
            kind, response = ev.data.get("kind"), ev.data.get("response", False)
            if "dealt" in trig.params and not ev.data.get("dealt"):
                return False
            target = ev.data.get("target")
            if trig.target is not None and (target is None or not self._fits_lki(
                    trig.target, target, target.controller, source, me)):
                return False
            if trig.attack is None:
                return not response             # «при атаке»: a response is no attack (510.4)
            return trig.attack == kind          # «при ударе» also on a response (design R8a)
        if k in (E.TURN_START, E.TURN_END):
            return TriggerParam.EACH_TURN in trig.params or ev.data["player"] == me
        if k in (E.OPPONENT_TURN_START, E.OPPONENT_TURN_END):
            return ev.data["player"] != me
        if k in (E.DECLARES_ATTACK, E.STRENGTHENED, E.WOUNDED, E.HEALED):
            if trig.subject is None:
                return subj is source
            if subj is None:
                return False
            return self._fits_lki(trig.subject, subj, subj.controller, source, me)
        if k == E.PLAYED:
            sel = trig.subject
            player = ev.data["player"]
            if sel.noun == N.SELF:                  # «после розыгрыша этой карты» (Авангард)
                return subj is source
            if sel.side is not None and (player == me) != (sel.side == "own"):
                return False
            return self._noun_fits(sel.noun, subj) and all(
                self._qualifier(q, subj, source) for q in sel.qualifiers)
        if k in (E.DRAWS, E.DISCARDS, E.COINS_LOST):
            player = ev.data["player"]
            return player == (me if trig.subject.noun == N.PLAYER else other(me))
        return False

    def _fits_lki(self, sel: A.Selector | None, o: Obj, controller: str, source: Obj,
                  me: str) -> bool:
        """A selector read against a card as it was at the event (it may have left play)."""
        if sel is None:
            return o is source
        if sel.noun == N.SELF:
            return o is source
        if not self._noun_fits(sel.noun, o):
            return False
        if sel.side == "own" and controller != me:
            return False
        if sel.side == "enemy" and controller == me:
            return False
        return all(self._qualifier(q, o, source) for q in sel.qualifiers
                   if not q.startswith(("in_", "closed", "open", "wounded", "unwounded")))

    # ---------------------------------------------------------------- declaration
    def label(self, o: Obj, f: Feature) -> str:
        return f"{f.card or o.id}/{f.line or f.text.split()[0]}"

    def declare_pending(self) -> None:
        """Declare every trigger met since the last declaration point (402.1)."""
        self.just_died.clear()
        while self.pending and not self.over:
            batch, self.pending = self.pending, []
            both = len({p.controller for p in batch}) > 1 or len(batch) > 1
            for player in (self.g.inactive, self.g.active):
                mine = self._ordered(player, [p for p in batch if p.controller == player])
                for pd in self._points(mine):
                    self.declare_trigger(pd, batch_cite=C.SIMULTANEOUS if both else None)

    def _ordered(self, player: str, mine: list[Pending]) -> list[Pending]:
        if len(mine) < 2:
            return mine                     # nothing to order: the player is not asked
        order = self.choice_order(player)
        if not order:
            return sorted(mine, key=lambda p: p.seq)
        rank = {lab: i for i, lab in enumerate(order)}
        return sorted(mine, key=lambda p: (rank.get(self.label(p.source, p.feature), len(rank)),
                                           p.seq))

    def _points(self, mine: list[Pending]) -> list[Pending]:
        """113.7: one ability met several times uses one trigger point of its player's choice
        (the rest are lost by its once-per-turn marker); «Каждый раз, когда» uses them all."""
        out: list[Pending] = []
        groups: dict[tuple[str, int], list[Pending]] = {}
        for p in mine:
            groups.setdefault((p.source.id, p.feature.line), []).append(p)
        for p in mine:
            group = groups[(p.source.id, p.feature.line)]
            if p.feature.every_time or len(group) == 1:
                out.append(p)
            elif p is group[0]:
                out.append(self._choose_point(group))
        return out

    def _choose_point(self, group: list[Pending]) -> Pending:
        lab = self.label(group[0].source, group[0].feature)
        raw = self.choice_point(lab)
        for p in group:
            subj = p.ev.subject
            if raw is not None and subj is not None and self.resolve_ref(raw) is subj:
                break
        else:
            p = group[0]
        self.emit("point", f"«{lab}» сработала {len(group)} раз(а) до заявки: используется одна "
                  "точка срабатывания" + (f" («{p.ev.subject.name}»)" if p.ev.subject else "")
                  + ".", C.TRIGGER_POINT, C.ONCE_PER_TURN)
        return p

    def declare_trigger(self, pd: Pending, batch_cite: str | None = None) -> Item | None:
        f, source = pd.feature, pd.source
        lab = self.label(source, f)
        key = marker_key(f)
        limit = f.node.limit.times if f.node.limit is not None else 1
        if not f.every_time and source.used.get(key, 0) >= limit:
            self.emit("not_declared", f"«{lab}» уже срабатывала в этот ход (маркер «1 раз за "
                      "ход») — не заявляется.", C.ONCE_PER_TURN, C.T_ONCE)
            return None
        ctx = self.make_ctx(source, f, pd.controller, pd.ev)
        problem = self.interp.check(effects_of(f), ctx)
        if problem is not None:
            self.emit("not_declared", f"«{lab}» не может быть заявлена: {problem.text}; маркер "
                      "«1 раз за ход» не ставится.", C.TRIGGER_ILLEGAL, C.ALL_RESTRICTIONS, C.ILLEGAL,
                      *problem.cites)
            return None
        if not f.every_time:
            source.used[key] = source.used.get(key, 0) + 1
        swapped = self.replace_ability(source, f, ctx, pd.controller)    # 508.3
        if swapped is not None:
            f, ctx = swapped
        self.freeze(ctx)
        item = self.enqueue("trigger", source, f, pd.controller, ctx,
                            None if f.every_time else key)
        head = TRIGGER_CITES.get(f.node.trigger.event, C.TRIGGER_WORDS)
        if f.node.trigger.event == E.ATTACK:
            head = {None: (C.T_ON_ATTACK, C.AFTER_FIGHT), K.STRIKE: (C.T_ON_STRIKE, C.AFTER_FIGHT),
                    K.SHOT: (C.T_ON_SHOT,)}.get(f.node.trigger.attack, head)
        cites = [*(head if isinstance(head, tuple) else (head,)), C.FIFO]
        if f.line == 0:
            cites.insert(0, KEYWORD_TERMS.get(f.text.split()[0], C.TRIGGER_WORDS))
        cites.append(C.ONCE_PER_TURN)           # a marker — or «Каждый раз», none (113.5)
        if f"«{source.name}»" in f.text:
            cites.append(C.NAME_SELF)          # its own name in its text: this very card
        if self.resolved:
            cites.append(C.AFTER_ITEM)
        if self.attacking.get("after"):
            cites.append(C.AFTER_FIGHT)
        if not any(isinstance(n, A.Choice) for e in effects_of(f) for n in A.walk(e)):
            cites.append(C.TRIGGER_MUST)
        if batch_cite:
            cites.append(batch_cite)
        if source.zone != "play":
            cites.append(C.FROM_GRAVEYARD if f.zone == "graveyard" else C.ANYWHERE)
        if pd.controller != source.owner:
            cites.append(C.TRIGGER_CONTROLLER)
        self.emit("declared", f"Срабатывает «{lab}» ({f.text.rstrip('.')}) игрока "
                  f"{pd.controller} — в очередь под №{len(self.queue)}.", *cites,
                  item=item.label)
        self.say_targets(ctx, f)
        if f.node.trigger.event == E.ENTERS:
            self._hire_again(pd)
        return item

    def _hire_again(self, pd: Pending) -> None:
        """«Следующий Найм сработает ещё раз» (a delayed effect on the hero, 521.1): this Найм
        is the next one — it triggers once more for each such effect waiting, new targets
        allowed (the card's text, 511.1: no once-per-turn marker); a chain of such Наймы grows
        as the rule of infinite chains cuts it (525.2)."""
        pl = self.g.players[pd.controller]
        extra, pl.next_hire = pl.next_hire, 0
        for i in range(extra):
            ctx = self.make_ctx(pd.source, pd.feature, pd.controller, pd.ev)
            problem = self.interp.check(effects_of(pd.feature), ctx)
            if problem is not None:
                self.emit("not_declared", f"Повтор Найма «{self.label(pd.source, pd.feature)}» "
                          f"не заявляется: {problem.text}.", C.TRIGGER_ILLEGAL, *problem.cites)
                continue
            self.freeze(ctx)
            item = self.enqueue("trigger", pd.source, pd.feature, pd.controller, ctx, None)
            self.emit("declared", f"Найм «{item.label}» срабатывает ещё раз ({i + 2}-й) — "
                      "отложенный эффект «следующий Найм сработает ещё раз»; в очередь под "
                      f"№{len(self.queue)}.", C.T_HIRE, C.DELAYED, C.TRIGGER_LOOP, C.AXE, C.FIFO,
                      item=item.label)
            self.say_targets(ctx, pd.feature)

    def say_targets(self, ctx: Ctx, f: Feature) -> None:
        """Name the targets chosen at declaration (501.1, 502.4); a «существо» with no owner
        named may be either player's (118.7)."""
        objs = [o for got in ctx.bound.values() for o in got if isinstance(o, Obj)]
        if not objs:
            return
        chosen = [n for e in effects_of(f) for n in A.walk(e)
                  if isinstance(n, A.Selector) and Qualifier.CHOSEN in n.qualifiers]
        anyside = any(n.side is None for n in chosen)
        prop = any(q not in (Qualifier.CHOSEN, Qualifier.OTHER) for n in chosen
                   for q in n.qualifiers)
        self.emit("targets", "Цели при заявке: " + ", ".join(f"«{o.name}» ({o.controller})"
                  for o in objs) + ".", C.DECLARATION, C.TARGETS,
                  *((C.ANY_SIDE,) if anyside else ()), *((C.PROPERTY_TARGET,) if prop else ()))

    def enqueue(self, kind: str, source: Obj, f: Feature, controller: str, ctx: Ctx,
                marker: str | None) -> Item:
        self._seq += 1
        item = Item(self._seq, self.label(source, f), kind, source, source.gen, controller, f,
                    ctx, marker)
        self.queue.append(item)
        return item

    def make_ctx(self, source: Obj, f: Feature, controller: str, ev: Ev | None) -> Ctx:
        lab = self.label(source, f)
        node = f.node
        ctx = Ctx(source=source, line=f.line, text=f.text.rstrip("."), inputs=self.inputs,
                  answers=Answers(self.choice_answers(lab)), points=choice_points(node),
                  cites=(C.TARGETS, C.PROPERTY_TARGET), key=lab, event=ev)
        ctx.refs["me"] = controller
        for key, obj in self.attacking.items():
            ctx.refs.setdefault(key, obj)
        if f.line == 0 and f.text.startswith("Отравление"):
            ctx.guard = K.POISON
            ctx.cites = (C.T_POISON, C.START_TRIGGERS)
        ctx.refs["gen"] = source.gen
        if ev is not None:
            for key in ("attacker", "attacked", "defender"):
                if ev.data.get(key) is not None:
                    ctx.refs[key] = ev.data[key]
            if ev.kind in (E.ATTACK,) and ev.data.get("target") is not None:
                ctx.refs["attacked"] = ev.data["target"]
            if ev.kind in (E.DECLARES_ATTACK,) and ev.subject is not None:
                ctx.refs["attacker"] = ev.subject
            if ev.kind in (E.PLAYED, E.WOUNDED, E.HEALED, E.STRENGTHENED, E.DEATH) \
                    and ev.subject is not None:
                ctx.refs["it"] = ev.subject
            if ev.kind == E.OWN_DEATH and ev.data.get("killer") is not None:
                ctx.refs["it"] = ev.data["killer"]
        return ctx

    # ---------------------------------------------------------------- resolution
    def run_queue(self) -> None:
        """Execute the queue head by head until it is empty (401.7, 401.8), then 512.6."""
        self.settle()
        self.declare_pending()
        while not self.over:
            while self.queue and not self.over:
                self.resolve(self.queue.popleft())
                self.settle()
                self.declare_pending()
            if self.over or not self.base_zero():
                return
            self.settle()
            self.declare_pending()

    def resolve(self, item: Item) -> None:
        self.resolved.append(item.label)
        self.emit("resolve", f"Из очереди выполняется «{item.label}»: "
                  f"{item.feature.text.rstrip('.')}.", C.FIFO, C.PASS, item=item.label)
        bound = [o for objs in item.ctx.bound.values() for o in objs if isinstance(o, Obj)]
        if isinstance(item.ctx.refs.get("it"), Obj) and self.uses_it(item.feature):
            bound.append(item.ctx.refs["it"])
        if bound and all(self.gone(o, item.ctx) for o in bound):
            if item.marker:
                item.source.used[item.marker] = max(item.source.used.get(item.marker, 1) - 1, 0)
            complex_ = len(effects_of(item.feature)) > 1 or any(
                isinstance(n, (A.Conditional, A.Sequence_)) for e in effects_of(item.feature)
                for n in A.walk(e))
            self.emit("skipped", f"«{item.label}» нелегальна при выполнении: её цели уже нет — "
                      "не выполняется" + (" (и остальные части сложной способности тоже)"
                                          if complex_ else "")
                      + ", маркер «1 раз за ход» снят.", C.TRIGGER_GONE,
                      C.SPELL_DEPENDENT if item.kind == "spell" else C.TARGET_AT_DECLARATION,
                      *((C.COMPLEX,) if complex_ else ()))
            return
        if item.kind != "spell" and (item.source.zone != "play" or item.source.gen != item.gen) \
                and not (item.feature.zone == item.source.zone and item.source.gen == item.gen):
            self.emit("lki", f"Источник «{item.source.name}» уже {self.where(item.source)}: "
                      "способность выполняется по последней известной информации.", C.LKI,
                      C.ANYWHERE)
        self.interp.apply(effects_of(item.feature), item.ctx)

    @staticmethod
    def uses_it(f: Feature) -> bool:
        """Does the ability act on «его / её» (the card its event names)?"""
        return any(isinstance(n, A.Selector) and n.noun == N.IT for e in effects_of(f)
                   for n in A.walk(e))

    def gone(self, o: Obj, ctx: Ctx) -> bool:
        """Is a bound target no longer the same object where it was chosen (201.4, 113.9)?"""
        want = ctx.refs.get("bound_gen", {}).get(o.id)
        return (want is not None and want != o.gen) or o.zone != ctx.refs.get(
            "bound_zone", {}).get(o.id, o.zone)

    # ---------------------------------------------------------------- scenario answers
    def choice_answers(self, label: str) -> Any:
        return self.choices.get(label)

    def choice_order(self, player: str) -> list[str]:
        raw = self.choices.get("order")
        if isinstance(raw, dict):
            raw = raw.get(player)
        return [self.norm_label(x) for x in raw] if isinstance(raw, list) else []

    def choice_point(self, label: str) -> Any:
        raw = self.choices.get("point")
        return raw.get(label) if isinstance(raw, dict) else None
