"""«Берсерк. Герои» wording that has no classic counterpart: what cards cost («гномы стоят для
вас на 2 меньше», «эта карта стоит на 1 меньше за каждую карту в вашей руке», «стоимость
существ удваивается»), the number of wounds dealt («наносит на 1 рану больше»).

The nodes are those the Heroes judge consumes (docs/grammar.md, requests H-G7): a cost change
is ``Bonus(±N, to=(cost,), against=<whose cost>, per=<counted by>)``; a doubled cost is
``Bonus(2, to=(cost_factor,), against=…)``; more wounds ``Bonus(N, to=(wounds,))``.  The cards
whose cost changes are a class of cards (every one: ``all``) unless the card names itself."""
from __future__ import annotations

from dataclasses import replace

from berserk.vocab import BonusTo as BT
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from grammar import ast as A
from berserk.vocab import AttackKind as K
from grammar.frames_base import Reject, dmg
from berserk.vocab import KeywordName as KW
from berserk.vocab import Verb as V
from grammar.frames_select import take_np
from berserk.vocab import CardType
from grammar.frames_verbs import VERBS, Args, generic, v_get, v_lose
from grammar.tokens import fold
from grammar.frames_verbs_state import v_become, v_remove
from grammar.frames_verbs_attack import v_deal
from grammar.parts import NP, P

#: «для вас» / «для противника» / «для него»: whose cards a cost change concerns
_FOR_WHOM = {"you": Side.OWN, "enemy": Side.ENEMY}


def _every(sel: A.Selector) -> A.Selector:
    """A cost change reaches every card it names (a class), not one chosen."""
    if sel.noun in (N.SELF, N.IT):
        return sel
    quals = tuple(q for q in sel.qualifiers if q != Q.CHOSEN)
    return replace(sel, qualifiers=(Q.ALL,) + tuple(q for q in quals if q != Q.ALL))


def _this_card(sel: A.Selector) -> A.Selector:
    """«эта карта / это существо» in a cost sentence is the card itself (105.3)."""
    if sel.noun in (N.CARD, N.CREATURE, N.SPELL) and sel.qualifiers == (Q.THIS,) and sel.side is None:
        return A.Selector(N.SELF, span=sel.span)
    return sel


def _sign(parts: list) -> int:
    word = parts[0]
    if isinstance(word, P) and word.kind in ("less", "more"):
        return -1 if word.kind == "less" else 1
    raise Reject("cost: more or less")


def v_stand(v, subject, parts, ctx, tails, sp):
    """«X стоят [для вас / для противника] на N меньше / больше [за каждую Y]» (a cost
    modifier, 118.8); any other «стоит» (a card standing somewhere) is no effect."""
    amount_at = next((i for i, q in enumerate(parts) if isinstance(q, P) and q.kind == "amount"), None)
    if amount_at is None or amount_at + 1 >= len(parts) or subject is None:
        raise Reject("verb stand")            # standing somewhere is a condition, not an effect
    side = None
    head = parts[:amount_at]
    if head:
        if len(head) == 2 and isinstance(head[0], P) and head[0].kind == "prep" and head[0].v == "dlya":
            who = head[1]
            if isinstance(who, NP) and who.kind == "pron" and who.noun == "you":
                side = Side.OWN
            elif isinstance(who, NP) and (who.noun == "opponent" or (who.kind == "pron" and who.noun == "it")):
                side = Side.ENEMY          # «для противника», «для него» (the opponent named before)
            else:
                raise Reject("cost: for whom")
        else:
            raise Reject("cost: before the amount")
    sign = _sign(parts[amount_at + 1:])
    rest = parts[amount_at + 2:]
    n = dmg(parts[amount_at])
    if not isinstance(n, A.Fixed):
        raise Reject("cost: amount")
    per = None
    if rest:
        a = Args([parts[amount_at]] + rest, verb="stand")
        if a.per is None or a.objs or a.pp or a.rest:
            raise Reject("cost: tail")
        per = a.per
    whom = _every(_this_card(subject))
    if side is not None and whom.noun != N.SELF:
        if whom.side not in (None, side):
            raise Reject("cost: two sides")
        whom = replace(whom, side=side)
    return A.Bonus(A.Fixed(sign * n.value, span=n.span), (BT.COST,), against=whom, per=per, span=sp)


def v_deal_more(v, subject, parts, ctx, tails, sp):
    """«наносит на N рану больше» (the card's attacks deal N more wounds) → Bonus(N,
    to=(wounds,)); «ваши заклинания наносят на N рану больше» → Bonus(N, to=(spells,)); any
    other «наносит» is ``v_deal`` (a forced attack)."""
    if len(parts) == 3 and isinstance(parts[0], P) and parts[0].kind == "amount" \
            and isinstance(parts[1], NP) and parts[1].noun == "wound" and not parts[1].adjs \
            and isinstance(parts[2], P) and parts[2].kind == "more":
        n = dmg(parts[0])
        if not isinstance(n, A.Fixed):
            raise Reject("more wounds: amount")
        if subject is None or subject.noun == N.SELF:
            return A.Bonus(n, (BT.WOUNDS,), span=sp)
        if subject.noun == N.SPELL and subject.side in (None, Side.OWN) and not subject.relations \
                and set(subject.qualifiers) <= {Q.ALL}:
            return A.Bonus(n, (K.SPELLS,), span=sp)
        raise Reject("more wounds: whose")
    return v_deal(v, subject, parts, ctx, tails, sp)


#: «эффект усиления / ослабления» → the verb that lays it (term:Эффект усиления)
_FX = {"fx_strengthen": V.STRENGTHEN, "fx_weaken": V.WEAKEN}


def _fx_count(np: NP) -> int:
    if np.count is None:
        return 1
    if np.count[0] == "n":
        return np.count[1]
    raise Reject("how many effects")


def v_put_fx(v, subject, parts, ctx, tails, sp):
    """«положите [N] эффект(а) усиления / ослабления на X» → Action(strengthen / weaken,
    target=X, amount=N); any other «положите» is the generic verb."""
    if len(parts) >= 3 and isinstance(parts[0], NP) and parts[0].noun in _FX and not parts[0].adjs \
            and isinstance(parts[1], P) and parts[1].kind == "prep" and parts[1].v == "na" \
            and isinstance(parts[2], NP):
        target, j = take_np(parts, 2)
        if j != len(parts):
            raise Reject("effect on whom: tail")
        return A.Action(_FX[parts[0].noun], target, amount=A.Fixed(_fx_count(parts[0])),
                        duration=tails.use("duration"), span=sp)
    return generic("put", True)(v, subject, Args(parts, verb="put"), ctx, tails, sp)


def v_remove_fx(v, subject, parts, ctx, tails, sp):
    """«снимите все эффекты с X» → Lose(X, effects); «снимите отравление с X» → Lose(X,
    ability, abilities=(Keyword(poisoning),)) (term:Снять); any other «снимите» is generic."""
    k = 1 if parts and isinstance(parts[0], P) and parts[0].kind == "bare" and parts[0].v == "ALLW:all" else 0
    every = isinstance(parts[0], NP) and parts[0].count == ("all",) if parts else False
    if len(parts) >= k + 3 and isinstance(parts[k], NP) and parts[k].noun in ("fx", "poison") \
            and not parts[k].adjs and (not parts[k].count or every) and isinstance(parts[k + 1], P) \
            and parts[k + 1].kind == "prep" and parts[k + 1].v == "s" and isinstance(parts[k + 2], NP):
        target, j = take_np(parts, k + 2)
        if j != len(parts):
            raise Reject("remove from whom: tail")
        if parts[k].noun == "fx":
            return A.Lose(target, "effects", span=sp)
        if k or every:
            raise Reject("all poisons")
        return A.Lose(target, "ability", abilities=(A.Keyword(KW.POISONING, span=parts[k].span),), span=sp)
    return v_remove(v, subject, parts, ctx, tails, sp)


#: ``Action(become).params`` tag of «теряет все стихии» (107.2.1: the card becomes neutral)
LOSE_ELEMENTS = "lose_elements"
#: «становится героем / оружием …» (104.3.1, 109.1): the type and the class a support type needs
_TYPES = {"hero": (CardType.HERO, None), "creature_type": (CardType.CREATURE, None),
          "weapon": (CardType.SUPPORT, "оружие"), "armor_kw": (CardType.SUPPORT, "броня"),
          "amulet": (CardType.SUPPORT, "амулет"), "terrain": (CardType.SUPPORT, "местность"),
          "event": (CardType.SUPPORT, "событие")}


def v_lose_elements(v, subject, parts, ctx, tails, sp):
    """«X теряет все стихии» → Action(become, X, (lose_elements,)); else ``v_lose``."""
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "element" and not parts[0].adjs \
            and parts[0].count in (None, ("all",)) and subject is not None and tails.duration is None:
        return A.Action(V.BECOME, subject, (LOSE_ELEMENTS,), span=sp)
    return v_lose(v, subject, parts, ctx, tails, sp)


def v_become_type(v, subject, parts, ctx, tails, sp):
    """«X становится героем / оружием» → Action(become, X, (type:<тип>[, class:<класс>])); a
    change for a while is not read (104.3.1 overwrites); else ``v_become``."""
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun in _TYPES and not parts[0].adjs \
            and not parts[0].count and subject is not None and subject.noun != N.SELF \
            and parts[0].text.lower().endswith(("ем", "ом", "ой")):
        if tails.duration is not None:
            raise Reject("becomes a type for a while")
        kind, cls = _TYPES[parts[0].noun]
        params = (f"{Q.TYPE}:{kind}",) + ((f"{Q.CLASS}:{cls}",) if cls else ())
        return A.Action(V.BECOME, subject, params, span=sp)
    return v_become(v, subject, parts, ctx, tails, sp)


#: ``Choice.chooser`` of a menu (524.2): each option is taken or not («одно или несколько»), or
#: one option is chosen N times («выберите 2 раза из»)
MENU_SOME = "constructor"
MENU_TIMES = "constructor_times"


def menu_head(parts: list) -> tuple[str, int] | None:
    """«выберите одно или несколько» → (MENU_SOME, 0); «выберите N раза из» → (MENU_TIMES, N);
    None when the clause is not a menu's head."""
    if not parts or not isinstance(parts[0], P) or parts[0].kind != "verb" or parts[0].v["lemma"] != "choose":
        return None
    rest = parts[1:]
    if len(rest) == 1 and isinstance(rest[0], P) and rest[0].kind == "adv" and rest[0].v == "one_or_more":
        return MENU_SOME, 0
    if len(rest) == 2 and isinstance(rest[0], NP) and rest[0].noun == "times" and rest[0].count \
            and rest[0].count[0] == "n" and not rest[0].adjs and isinstance(rest[1], P) \
            and rest[1].kind == "prep" and rest[1].v == "iz":
        return MENU_TIMES, rest[0].count[1]
    return None


def menu(head: tuple[str, int], options: list, span) -> A.Sequence_:
    """The options of a menu → Sequence_ of Choices: «одно или несколько» — each option or
    nothing, in order; «N раз из» — N choices among all the options."""
    if len(options) < 2:
        raise Reject("a menu of one option")
    kind, times = head
    if kind == MENU_SOME:
        nothing = A.Action(V.NOTHING, span=span)
        steps = tuple(A.Choice((o, nothing), MENU_SOME, span=o.span) for o in options)
    else:
        steps = tuple(A.Choice(tuple(options), MENU_TIMES, span=span) for _ in range(times))
    return A.Sequence_(steps, span=span)


def v_double(subj_parts: list, parts: list, sp) -> A.Bonus:
    """«стоимость X удваивается» → Bonus(2, to=(cost_factor,), against=X (every one))."""
    if parts or len(subj_parts) < 2 or not isinstance(subj_parts[0], NP) or subj_parts[0].noun != "cost" \
            or subj_parts[0].adjs or subj_parts[0].count:
        raise Reject("doubles what")
    whom, j = take_np(subj_parts, 1)
    if j != len(subj_parts):
        raise Reject("doubles: tail")
    return A.Bonus(A.Fixed(2, span=sp), (BT.COST_FACTOR,), against=_every(whom), span=sp)


#: ``Action.params`` tags the Heroes judge reads (judge/heroes/readers.py names them)
EXTRA_TURN = "extra_turn"        # term:Дополнительный ход
GIVE = "give"                    # term:Отдайте — control passes to the opponent
CREATE = "create"                # term:Создайте Х — a card from the stock into play (519.6)


COPY_FEATURE = "copy_feature"    # «… получает одну особенность выбранного существа» (111.1)


def v_get_turn(v, subject, parts, ctx, tails, sp):
    """«получите дополнительный ход» → Action(take, player, (extra_turn,)); «X получает одну
    особенность Y» → Action(get, target=Y (copied from), to=X, (copy_feature,)); else ``v_get``."""
    if len(parts) == 1 and isinstance(parts[0], NP) and parts[0].noun == "turn" and parts[0].adjs == ("extra",) \
            and not parts[0].count and subject in (None, A.Selector(N.PLAYER)):
        return A.Action(V.TAKE, A.Selector(N.PLAYER), (EXTRA_TURN,), span=sp)
    if len(parts) >= 2 and isinstance(parts[0], NP) and parts[0].noun == "ability" and parts[0].count == ("n", 1) \
            and not parts[0].adjs and isinstance(parts[1], NP) and tails.duration is None:
        whose, j = take_np(parts, 1)
        to = _this_card(subject) if subject is not None else A.Selector(N.SELF)
        if j != len(parts) or to.noun not in (N.SELF, N.HERO):
            raise Reject("copies a feature: tail")
        return A.Action(V.GET, whose, (COPY_FEATURE,), to=to, span=sp)
    return v_get(v, subject, parts, ctx, tails, sp)


def v_give(v, subject, parts, ctx, tails, sp):
    """«отдайте X [противнику]» → Action(take_control, X, (give,)) (the opponent takes it)."""
    if not parts or not isinstance(parts[0], NP):
        raise Reject("give what")
    target, j = take_np(parts, 0)
    if j < len(parts) and isinstance(parts[j], NP) and parts[j].noun == "opponent" and not parts[j].adjs:
        j += 1
    if j != len(parts):
        raise Reject("give: tail")
    return A.Action(V.TAKE_CONTROL, target, (GIVE,), duration=tails.use("duration"), span=sp)


def v_create(v, subject, parts, ctx, tails, sp):
    """«создайте X» → Action(summon, Selector(card), (create, <X as written, folded>)): the card
    comes from the stock; its name in the text is in another case than the card's, so the judge
    matches it against the stock."""
    if not parts or tails.duration is not None:
        raise Reject("create what")
    name = fold(ctx.orig(A.Span(parts[0].span.start, parts[-1].span.end))).strip(" «»")
    if not name or "копи" in name:
        raise Reject("create a copy")
    return A.Action(V.SUMMON, A.Selector(N.CARD), (CREATE, name), span=sp)


def v_revive_lives(v, subject, parts, ctx, tails, sp):
    """«возродите X [под вашим контролем] с N жизнями»: the lives it comes back with are the
    amount; else the generic verb."""
    k = len(parts) - 2
    if k >= 1 and isinstance(parts[k], P) and parts[k].kind == "prep" and parts[k].v == "s" \
            and isinstance(parts[k + 1], NP) and parts[k + 1].noun == "life" and not parts[k + 1].adjs \
            and parts[k + 1].count and parts[k + 1].count[0] == "n":
        node = generic("revive", True)(v, subject, Args(parts[:k], verb="revive"), ctx, tails, sp)
        if node.amount is not None:
            raise Reject("revive: two amounts")
        return replace(node, amount=A.Fixed(parts[k + 1].count[1], span=parts[k + 1].span))
    return generic("revive", True)(v, subject, Args(parts, verb="revive"), ctx, tails, sp)


FREE = "free"                    # term:Бесплатно


def v_use(v, subject, parts, ctx, tails, sp):
    """«[бесплатно] используйте способность вашего героя» → Action(use, the hero, (free,))."""
    free = [q for q in parts if isinstance(q, P) and q.kind == "adv" and q.v == "free_of_charge"]
    rest = [q for q in parts if not (isinstance(q, P) and q.kind == "adv" and q.v == "free_of_charge")]
    if len(rest) < 2 or not isinstance(rest[0], NP) or rest[0].noun != "ability" or rest[0].adjs \
            or rest[0].count or len(free) > 1:
        raise Reject("use what")
    whose, j = take_np(rest, 1)
    if j != len(rest) or whose.noun != N.HERO:
        raise Reject("use whose ability")
    return A.Action(V.USE, whose, (FREE,) if free else (), span=sp)


DISTRIBUTE = "distribute"        # «суммарно до N» — divided among the targets (308.1 step 6)


def v_heal_total(v, subject, parts, ctx, tails, sp):
    """«излечите суммарно до N ран <персонажей>» → Action(heal, up to N chosen ones, amount=N,
    (distribute,)): the N is divided among them, at least 1 each; else the classic frame."""
    if len(parts) >= 3 and isinstance(parts[0], P) and parts[0].kind == "adv" and parts[0].v == "in_total" \
            and isinstance(parts[1], NP) and parts[1].noun == "wound" and not parts[1].adjs \
            and parts[1].count and parts[1].count[0] == "or_less" and isinstance(parts[1].count[1], int):
        whom, j = take_np(parts, 2)
        if j != len(parts) or whom.noun not in (N.CHARACTER, N.CREATURE, N.HERO) or whom.count is not None:
            raise Reject("heal in total: whom")
        n = parts[1].count[1]
        quals = tuple(q for q in whom.qualifiers if q not in (Q.ALL, Q.CHOSEN)) + (Q.CHOSEN,)
        many = replace(whom, qualifiers=quals, count=(1, n))
        return A.Action(V.HEAL, many, (DISTRIBUTE,), amount=A.Fixed(n, span=parts[1].span), span=sp)
    return VERBS["heal"](v, subject, Args(parts, heal=True, verb="heal"), ctx, tails, sp)


#: verb lemma → its Heroes frame (frames_clause.PART_VERBS takes them over the classic ones)
HEROES_PART_VERBS = {"stand": v_stand, "deal": v_deal_more, "put": v_put_fx, "remove": v_remove_fx,
                     "lose": v_lose_elements, "become": v_become_type, "get": v_get_turn, "give": v_give,
                     "create": v_create, "revive": v_revive_lives, "use": v_use, "heal": v_heal_total}


__all__ = ["CREATE", "HEROES_PART_VERBS", "EXTRA_TURN", "GIVE", "LOSE_ELEMENTS", "v_create", "v_get_turn", "v_give",
           "v_revive_lives", "v_double", "MENU_SOME", "MENU_TIMES", "menu", "menu_head", "v_become_type", "v_deal_more", "v_lose_elements", "v_put_fx", "v_remove_fx",
           "v_stand"]
