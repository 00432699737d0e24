"""Replacement effects of card text (517, term:Вместо, term:Эффект замещения) and the changes the
preliminary stage allows (508.3): a new target for a shot, a new ability for the one declared.

A replacement is a static that waits for its event and replaces it — «если … должно быть
уничтожено, вместо этого …», «вместо Регенерации …» (517.1, 517.1.2).  It applies only while an
ability is being executed (517.2) and is never queued: what replaces the event happens at once
(term:Вместо).  A replacement the text makes optional («можете») is the controller's choice
(the answer ``may`` under the replacing feature); of several that fit one event the player
whose card is affected chooses (517.3, 517.4) — here: the first one found, and the trace says
so.  An event that was replaced did not happen: a «, при этом» part after it is not executed
(119.4), nothing it would have triggered triggers.

The preliminary stage of an ability that is not a strike attack (508.3): a card may give a
shot a new target (its controller chooses; the new target must be a legal one) or replace the
ability itself; the target so named is final (502.1) — nothing changes it afterwards.

A mixin of the Engine.
"""
from __future__ import annotations

from berserk.vocab import ConditionKind as CK
from berserk.vocab import Verb
from berserk.vocab import SelectorNoun as N
from grammar import ast as A
from judge.core.context import Answers, choice_points
from judge.heroes import cites as C
from judge.heroes.hinterp import chosen_option
from judge.heroes.model import Obj, other
from judge.heroes.queue import effects_of
from judge.heroes.readers import DISTRIBUTE, WOULD_REGEN
from judge.heroes.wording import Feature


def _may(body: tuple) -> A.Choice | None:
    """The «можете …» of a replacing part: a choice between it and nothing."""
    if len(body) == 1 and isinstance(body[0], A.Choice) and len(body[0].options) == 2 and \
            isinstance(body[0].options[1], A.Action) and body[0].options[1].verb == Verb.NOTHING:
        return body[0]
    return None


class Replace:
    # ---------------------------------------------------------------- finding them
    def replacements(self, what: str, target: Obj) -> list[tuple[Obj, Feature]]:
        """Statics in play that wait for ``what`` happening to ``target``."""
        out = []
        for src in self.g.in_play():
            for f in self.features(src):
                node = f.node
                if isinstance(node, A.Static) and node.condition is not None and \
                        node.condition.what == CK.WOULD and node.condition.params and \
                        node.condition.params[0] == what and \
                        self.matches_from(node.condition.subject, target, src):
                    out.append((src, f))
        return out

    def _one(self, found: list, target: Obj) -> tuple[Obj, Feature] | None:
        if not found:
            return None
        if len(found) > 1:
            self.emit("rule", f"К событию с «{target.name}» подходят несколько замещений — "
                      f"применяется одно (выбирает игрок {target.controller}): "
                      f"«{found[0][0].name}».", C.REPLACEMENT_CHOICE, C.REPLACEMENT_CONTROLLER)
        return found[0]

    def run_replacement(self, src: Obj, f: Feature, it: Obj | None = None) -> bool:
        """Do the replacing part of ``f`` at once (no queue); False when its controller
        declines («можете») or it cannot be done."""
        ctx = self.make_ctx(src, f, src.controller, None)
        if it is not None:
            ctx.refs["it"] = it
        body = f.node.effects
        may = _may(body)
        if may is not None:
            if chosen_option(self.interp, may, ctx) != 0:
                self.emit("choice", f"«{self.label(src, f)}»: игрок {src.controller} не "
                          "применяет замещение («можете»).", C.TRIGGER_MAY, C.REPLACEMENT)
                return False
            body = (may.options[0],)
        problem = self.interp.check(body, ctx)
        if problem is not None:
            self.emit("rule", f"Замещение «{self.label(src, f)}» применить нельзя: "
                      f"{problem.text}.", C.REPLACEMENT, *problem.cites)
            return False
        self.freeze(ctx)
        self.interp.apply(body, ctx)
        return True

    # ---------------------------------------------------------------- destruction
    def destroy_replaced(self, target: Obj, ctx) -> bool:
        """«Если … должно быть уничтожено, вместо этого …»: True if the destruction was
        replaced (517.1; 517.2: only while an ability is executed — «уничтожьте»)."""
        got = self._one([(s, f) for s, f in self.replacements(Verb.DESTROY, target)], target)
        if got is None:
            return False
        src, f = got
        self.emit("replace", f"«{target.name}» должно быть уничтожено — «{src.name}» может "
                  f"заменить это: «{f.text.rstrip('.')}».", C.REPLACEMENT, C.T_INSTEAD,
                  C.REPLACEMENT_STATIC, C.REPLACEMENT_ONLY_RESOLVING)
        if not self.run_replacement(src, f, it=target):
            return False
        self.emit("replaced", f"Уничтожение «{target.name}» заменено — карта остаётся в игре; "
                  "замещённое событие не произошло.", C.REPLACEMENT, C.T_INSTEAD,
                  C.T_REPLACEMENT)
        self.replaced_last = True
        return True

    # ---------------------------------------------------------------- Регенерация
    def regenerate(self, o: Obj, n: int, ctx) -> bool:
        """Регенерация X at the end of its controller's turn: heal X — unless a «вместо
        Регенерации …» of the card replaces it (517.1, no queue: term:Вместо)."""
        got = self._one(self.replacements(WOULD_REGEN, o), o)
        if got is not None:
            src, f = got
            self.emit("replace", f"Регенерация «{o.name}» может быть заменена: "
                      f"«{f.text.rstrip('.')}».", C.REPLACEMENT, C.T_INSTEAD, C.T_REGEN)
            if self.run_replacement(src, f):
                self.emit("replaced", f"Вместо Регенерации «{o.name}» выполнено замещение — "
                          "сама карта не излечивается; замещение в очередь не заносится.",
                          C.REPLACEMENT, C.T_INSTEAD, C.T_REPLACEMENT)
                return True
        return self.heal_wounds(o, n, (C.T_REGEN,)) > 0

    # ---------------------------------------------------------------- 508.3: a new ability
    def replace_ability(self, source: Obj, f: Feature, ctx, controller: str):
        """At the preliminary stage a card may replace the declared ability itself (508.3):
        an opponent's heal becomes the card's own effect with a new target.  Returns the new
        (feature, ctx) or None."""
        heals = [n for e in effects_of(f) for n in A.walk(e)
                 if isinstance(n, A.Heal) or (isinstance(n, A.Action) and n.verb == Verb.HEAL
                                              and DISTRIBUTE in n.params)]
        if not heals:
            return None
        healed = self._healed(heals, ctx, source, controller)
        for src in self.g.in_play(other(controller)):
            for rf in self.features(src):
                node = rf.node
                if not (isinstance(node, A.Static) and node.condition is not None
                        and node.condition.what == CK.WOULD
                        and node.condition.params[:1] == (Verb.HEAL,)
                        and any(self.matches_from(node.condition.subject, o, src)
                                for o in healed)):
                    continue
                swapped = self._swap(source, f, controller, src, rf, ctx)
                if swapped is not None:
                    return swapped
        return None

    def _healed(self, heals: list, ctx, source: Obj, controller: str) -> list[Obj]:
        bound = [o for got in ctx.bound.values() for o in got if isinstance(o, Obj)]
        out = list(bound)
        for h in heals:
            sel = h.target
            if sel is not None and sel.noun == N.SELF:
                out.append(source)
            elif sel is not None and not out:
                out.extend(self.select_from(sel, source, ctx.refs, controller))
        return out

    def _swap(self, source: Obj, f: Feature, controller: str, src: Obj, rf: Feature, ctx):
        body = rf.node.effects
        if isinstance(f.node, A.Triggered):
            node = A.Triggered(trigger=f.node.trigger, effects=body)
        elif isinstance(f.node, A.Activated):
            node = A.Activated(cost=f.node.cost, effects=body)
        else:
            node = A.Named(effect_kind="spell", name=source.name, body=body)
        new = Feature(f.line, f.text, node, None, f.cost, f.every_time, f.zone, f.card)
        key = self.label(src, rf)
        ctx2 = self.make_ctx(source, new, controller, ctx.event)
        ctx2.refs["me"] = src.controller        # the replacing text is its card's text
        ctx2.key = key
        ctx2.answers = Answers(self.choice_answers(key))
        ctx2.points = choice_points(node)
        problem = self.interp.check(effects_of(new), ctx2)
        if problem is not None:
            self.emit("rule", f"«{src.name}» не может заменить способность «{self.label(source, f)}»"
                      f": {problem.text}.", C.PRELIMINARY, *problem.cites)
            return None
        targets = [o for got in ctx2.bound.values() for o in got if isinstance(o, Obj)]
        self.emit("replace", f"Предварительный этап: «{src.name}» заменяет саму способность "
                  f"«{self.label(source, f)}» — вместо излечения «{rf.text.rstrip('.')}»"
                  + (f"; новая цель — «{targets[0].name}», она окончательная"
                     if targets else "") + ".", C.PRELIMINARY, C.FINAL_TARGET, C.REPLACEMENT,
                  C.T_INSTEAD, C.T_TARGET)
        return new, ctx2

    # ---------------------------------------------------------------- 508.3: a new target
    def redirect_shot(self, shooter: Obj, target: Obj, ctx) -> Obj:
        """At the preliminary stage of a shot a card of the target's controller may become its
        target instead (508.3); the new target must be legal, and it is final (502.1)."""
        for src in self.g.in_play(target.controller):
            if src is target:
                continue
            for rf in self.features(src):
                node = rf.node
                if not isinstance(node, A.Static):
                    continue
                may = _may(node.effects)
                act = may.options[0] if may is not None else (
                    node.effects[0] if len(node.effects) == 1 else None)
                if not (isinstance(act, A.Action) and act.verb == Verb.REDIRECT
                        and self.matches_from(act.target, target, src)):
                    continue
                why = self._shot_problem(shooter, src)
                if why:
                    self.emit("rule", f"«{src.name}» не может стать целью выстрела: {why}.",
                              C.PRELIMINARY, C.ALL_RESTRICTIONS)
                    continue
                rctx = self.make_ctx(src, rf, src.controller, None)
                if may is not None and chosen_option(self.interp, may, rctx) != 0:
                    self.emit("choice", f"«{self.label(src, rf)}»: игрок {src.controller} не "
                              "меняет цель выстрела.", C.PRELIMINARY, C.TRIGGER_MAY)
                    return target
                self.emit("redirect", f"Предварительный этап: «{src.name}» становится целью "
                          f"выстрела «{shooter.name}» вместо «{target.name}» — это окончательная "
                          "цель, больше её ничто не изменит.", C.PRELIMINARY, C.FINAL_TARGET,
                          C.T_TARGET)
                return src
        return target

    def _shot_problem(self, shooter: Obj, o: Obj) -> str | None:
        if not (o.in_play and o.is_character) or o.hidden:
            return "это не открытая цель-персонаж в игре"
        if o.controller == shooter.controller:
            return "это свой персонаж стреляющего"
        forced = self.forced_problem(shooter, o)
        return forced[0] if forced else None
