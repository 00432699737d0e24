"""«когда <subject> <verb> …» → Trigger: the verb names the event (``WHEN_EVENTS``), its
object narrows it («становится защитником», «получает раны», «теряет {counter}»), the subject
is whose event it is, the prepositional phrases its target, origin, destination and cause (as
after «при …», ``frames_trigger``); «когда бросок кубика равен N» → die_roll."""
from __future__ import annotations

import re
from dataclasses import replace

from berserk.vocab import AttackKind as K
from berserk.vocab import Qualifier as Q
from berserk.vocab import SelectorNoun as N
from berserk.vocab import Side
from berserk.vocab import TriggerEvent as TE
from berserk.vocab import TriggerParam as TP
from grammar import ast as A
from grammar.frames_base import Ctx, LATE, Reject, Tails, _is_pred, _span, rewrite, nodes_in
from grammar.frames_heroes_events import player_event, strengthened
from grammar.frames_select import subject_of, take_np
from grammar.frames_tails import paren
from grammar.frames_trigger import (CAUSES, EVENT_NOUNS, MOVE_ADVERBS, RECEIVED, _ROLLED_EVENTS, _moves_a_step, _this_card,
                                    after_rolls, cause_of, genitive, this_card_is_self)
from grammar.frames_words import attack_ref, nominative_ok
from grammar.parts import NP, P

# «когда <subject> <verb> …»: the verb names the event
WHEN_EVENTS = {"move": TE.MOVE, "open": TE.OPENS, "close": TE.CLOSES, "attack": TE.ATTACK,
               "destroy": TE.DESTROYS, "fight": TE.FIGHTS, "incarnate": TE.INCARNATION,
               "revive": TE.REVIVED, "teleport": TE.TELEPORT, "heal": TE.HEALED,
               "die": TE.DEATH, "declare": TE.DECLARES_ATTACK, "defend": TE.DEFENDS,
               "show": TE.SHOWN, "arrive": TE.TO_GRAVEYARD, "play": TE.PLAYED, "act": TE.ACTS,
               "deal": TE.DEALS_WOUNDS, "miss": TE.MISS, "jump": TE.JUMP}


# «когда становится целью X»: what targets it
_TARGETING = {"valhalla": "valhalla", "spell": "spell", "effect": "effect"}

# events whose subject may follow the verb (no object competes for the place)
_INVERTED = {TE.FIGHTS, TE.MOVE, TE.OPENS, TE.CLOSES, TE.DEATH, TE.TELEPORT, TE.REVIVED}


_PLACE_ADVS = frozenset({"near", "opposite", "behind", "left", "right"})
# events a place after the verb says where the subject stands («погибает рядом с X»)
_PLACED_EVENTS = frozenset({TE.DEATH, TE.ATTACKED, TE.WOUNDED, TE.HEALED, TE.OPENS, TE.CLOSES})
# an attack noun in the instrumental: «выстрелом», «ударом», «{strike}» (the icon has no case)
# (patterns compiled once: a pattern given to re.* as a string is compiled again whenever
# Python's regex cache has dropped it — in a 35k build the card names' patterns evict it)
_OWN_TURN_START = re.compile(r"в начале (?:своего|вашего) хода")
_INSTRUMENTAL_ATTACK = re.compile(r"(?:ом|ем|ой|ей|ами|ями|\})$")


def when_trigger(clause_parts: list, ctx: Ctx) -> A.Trigger:
    """«когда <subject> <verb> <args>» → Trigger: the event from the verb (and its object:
    «становится защитником», «получает раны», «теряет {counter}»), the subject, the target."""
    preds = [i for i, q in enumerate(clause_parts) if _is_pred(q)]
    if not preds:
        raise Reject("when without verb")
    i = preds[0]
    pred = clause_parts[i]
    if pred.kind != "verb" or pred.v["neg"]:
        raise Reject("when modal")
    lemma = pred.v["lemma"]
    if lemma in ("equal", "roll_result"):
        return _die_roll(clause_parts, i)
    # «существо противника рядом с этой картой»: a place adverb after a noun is the subject's
    placed = {k for k, q in enumerate(clause_parts[:i]) if isinstance(q, P) and q.kind == "adv"
              and q.v in _PLACE_ADVS and k and isinstance(clause_parts[k - 1], NP)}
    lead_adv = [q.v for k, q in enumerate(clause_parts[:i]) if isinstance(q, P) and q.kind == "adv"
                and k not in placed]
    unread = [v for v in lead_adv if v not in ("simultaneously", "first_per_turn")]
    if unread:
        # an adverb before the verb changes the event («когда X ещё раз / суммарно …»); only
        # «единовременно» (a threshold below) and «в первый раз за ход» (as after the verb)
        # are read — any other would be dropped silently, a typed trigger of a different
        # meaning: refuse instead
        raise Reject(f"when: adverb {unread[0]} before the verb")
    if lemma == "show" and len(clause_parts) == i + 3 and isinstance(clause_parts[i + 1], NP) \
            and isinstance(clause_parts[i + 2], P) and clause_parts[i + 2].kind == "pri" \
            and clause_parts[i + 2].v == [("NOUN", "prophecy")]:
        # «когда вы показываете X при пророчестве»: your prophecy only (another shower, or none
        # written, is not this event)
        if not (i == 1 and isinstance(clause_parts[0], NP) and clause_parts[0].kind == "pron"
                and clause_parts[0].noun == "you"):
            raise Reject("shown in whose prophecy")
        shown = take_np(clause_parts, i + 1)[0]
        return A.Trigger(TE.SHOWN_IN_PROPHECY, subject=None if shown.noun == "self" else shown,
                         span=_span(clause_parts))
    at_once = "simultaneously" in lead_adv
    subj = [q for k, q in enumerate(clause_parts[:i]) if not (isinstance(q, P) and q.kind == "adv")
            or k in placed]
    on = strengthened(lemma, subj, clause_parts[i + 1:])
    if on is not False:
        return A.Trigger(TE.STRENGTHENED, subject=_this_card(on), span=_span(clause_parts))
    fronted = 0
    if lemma == "enter" and len(subj) == 2 and isinstance(subj[0], P) and subj[0].kind == "prep" \
            and isinstance(subj[1], NP) and i + 1 < len(clause_parts) and isinstance(clause_parts[i + 1], NP):
        # «когда на поле боя выходит X»: the place before the verb, the subject after it
        fronted, subj = 2, []
    subject = _this_card(subject_of(subj)) if subj else None
    args = (list(clause_parts[:fronted]) + list(clause_parts[i + 1:])) if fronted else clause_parts[i + 1:]
    if lemma in ("open", "close", "move", "teleport") and pred.v["form"] in ("3sg", "3pl"):
        # «когда X открывает / перемещает Y»: X acts on another card — the event is Y's, and no
        # field says who made it (the reflexive «открывается / перемещается» is the card's own)
        raise Reject("when: a transitive " + lemma)
    event = WHEN_EVENTS.get(lemma)
    fields: dict = {"target": None, "destination": None, "origin": None, "cause": None, "turn": None}
    params: list = [TP.FIRST_PER_TURN] if "first_per_turn" in lead_adv else []
    if lemma == "attack" and pred.v["word"].startswith("атакован"):
        event = TE.ATTACKED                       # «когда это существо атаковано»: it is attacked
    declared = None
    also_kinds: list = []                          # «целью выстрела или метания»: the other kinds
    if lemma == "declare" and args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:") \
            and not args[0].count and args[0].noun != "atk:assault":
        # «когда противник объявляет атаку [на / по X]», «… объявляет выстрел по X»: the kind
        # declared (None: any) and its target
        kinds, strengths = attack_ref(args[0])
        if strengths or len(kinds) != 1:
            raise Reject("declares what")
        declared = None if kinds[0] == K.ANY else kinds[0]
        args = args[1:]
        if len(args) >= 2 and isinstance(args[0], P) and args[0].kind == "prep" and args[0].v in ("na", "po"):
            fields["target"], k = take_np(args, 1)
            args = args[k:]
        if subject is not None and subject.noun == N.OPPONENT and not subject.qualifiers:
            subject = A.Selector(N.CREATURE, Side.ENEMY, (Q.ALL,), span=subject.span)
    if lemma == "declare" and declared is None and event == TE.DECLARES_ATTACK and not (
            args and isinstance(args[0], P) and args[0].kind == "prep") and fields["target"] is None \
            and args:
        raise Reject("declares what")              # «когда X объявляет прыжок»: not an attack
    if lemma == "act" and pred.v["word"].startswith("выполня") and args and isinstance(args[0], NP) \
            and (args[0].noun or "").startswith("atk:") and args[0].noun != "atk:assault" and not args[0].count:
        # «когда X выполняет удар»: X's attack of that kind
        kinds, strengths = attack_ref(args[0])
        if strengths or len(kinds) != 1:
            raise Reject("performs what")
        event, declared, args = TE.ATTACK, (None if kinds[0] == K.ANY else kinds[0]), args[1:]
    elif lemma == "act" and pred.v["word"].startswith("выполня"):
        raise Reject("performs what")
    if lemma == "play" and args and isinstance(args[0], NP) and subject is not None \
            and subject.noun in (N.OPPONENT, N.PLAYER) and not subject.qualifiers:
        # «когда противник / вы разыгрываете заклинание»: the card played, whose it is
        played, j0 = take_np(args, 0)
        side = Side.ENEMY if subject.noun == N.OPPONENT else Side.OWN
        subject, args = replace(played, side=played.side or side), args[j0:]
        event = TE.PLAYED
    j = 0
    heroes = player_event(lemma, subject, args)
    if heroes is not None:
        (event, subject), j = heroes, 1
    elif lemma == "become" and args and isinstance(args[0], NP) and args[0].noun == "defender":
        event, j = TE.BECOMES_DEFENDER, 1
    elif lemma == "become" and len(args) >= 2 and isinstance(args[0], NP) and args[0].noun == "target" \
            and not args[0].adjs and isinstance(args[1], NP) and args[1].noun in _TARGETING and not args[1].adjs:
        # «когда становится целью вальхаллы / заклинания»
        event, j = TE.TARGETED, 2
        params.append(_TARGETING[args[1].noun])
    elif lemma == "become" and len(args) >= 2 and isinstance(args[0], NP) and args[0].noun == "target" \
            and not args[0].adjs and not args[0].count and not args[0].opp and isinstance(args[1], NP) \
            and (args[1].noun or "").startswith("atk:") and args[1].noun != "atk:assault" \
            and not args[1].count and not args[1].opp:
        # «когда становится целью выстрела / дальней атаки»: an attack of that kind is declared
        # on it (the kind in Trigger.attack, as after «при»; any attack: K.ANY)
        kinds, strengths = attack_ref(args[1])
        if strengths or len(kinds) != 1:
            raise Reject("target of what attack")
        event, declared, j = TE.TARGETED, kinds[0], 2
        while j + 1 < len(args) and isinstance(args[j], P) and args[j].kind == "or" and isinstance(args[j + 1], NP) \
                and (args[j + 1].noun or "").startswith("atk:") and not args[j + 1].count and not args[j + 1].opp:
            more, strengths = attack_ref(args[j + 1])           # «целью выстрела или метания»
            if strengths or len(more) != 1 or more[0] in (declared, *also_kinds):
                raise Reject("target of what attack")
            also_kinds.append(more[0])
            j += 2
    elif lemma == "get" and args and isinstance(args[0], NP) and args[0].noun == "marker" and args[0].name \
            and not args[0].adjs and not args[0].count and not args[0].opp:
        event, j = TE.GETS_MARKER, 1                     # «когда X получает маркер «яда»»
        params.append(f"{Q.NAMED}:{args[0].name}")
    elif lemma == "get" and args and isinstance(args[0], NP) and args[0].noun in RECEIVED:
        event, j = RECEIVED[args[0].noun], 1
        np = args[0]
        if np.count and np.count[0] == "ord":
            params.append(f"{TP.NTH}:{np.count[1]}")
        elif np.noun == "wound" and np.count and np.count[0] == "or_more" and not np.adjs:
            params.append(f"{TP.AT_LEAST}:{np.count[1]}")          # «3 или более раны»
        elif np.noun == "wound" and np.count and np.count[0] == "x" and not np.adjs:
            params.append(f"{TP.AMOUNT}:X")                        # «получает X ран»: X is the event's
        elif np.adjs and all(a in ("first_w", "second_w", "third_w") for a in np.adjs):
            params.append(f"{TP.NTH}:" + {"first_w": "1", "second_w": "2", "third_w": "3"}[np.adjs[0]])
        elif np.adjs or np.count:
            raise Reject("when gets what")
    elif lemma == "lose" and args and isinstance(args[0], NP) and args[0].noun == "counter":
        event, j = TE.LOSES_COUNTER, 1
        c = args[0].count
        if c and c[0] == "or_more" and not args[0].adjs:
            params.append(f"{TP.AT_LEAST}:{c[1]}")     # «теряет 2 или более {counter}» (R16)
        elif c and c[0] == "x" and not args[0].adjs:
            params.append(f"{TP.AMOUNT}:X")             # «теряет X {counter}»: X is the event's
        elif c or args[0].adjs:
            raise Reject("loses how many counters")
    elif lemma == "deal" and args and isinstance(args[0], NP) and args[0].noun == "wound" and not args[0].adjs:
        # «когда … наносит N или более ран … атакой»
        c, j = args[0].count, 1
        if c and c[0] == "or_more":
            params.append(f"{TP.AT_LEAST}:{c[1]}")
        elif c:
            raise Reject("deals how many")
        if j < len(args) and isinstance(args[j], NP) and (args[j].noun or "").startswith("atk:"):
            kinds, strengths = attack_ref(args[j])
            if strengths or len(kinds) != 1:
                raise Reject("deals with what")
            fields["cause"] = kinds[0]
            j += 1
    elif lemma == "deal" and args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:") \
            and not args[0].count and args[0].noun != "atk:assault":
        # «когда / после того, как X наносит (нанёс) удар [по Y]»: X attacks with that kind
        kinds, strengths = attack_ref(args[0])
        if strengths or len(kinds) != 1:
            raise Reject("deals what attack")
        event, j = TE.ATTACK, 1
        declared = None if kinds[0] == K.ANY else kinds[0]
    elif lemma == "wound" and pred.v["form"] in ("3sg", "3pl") and args and isinstance(args[0], NP) \
            and (args[0].noun or "").startswith("atk:") and not args[0].count:
        # «когда X ранит ударом Y»: X's attack of that kind wounds Y
        kinds, strengths = attack_ref(args[0])
        if strengths or len(kinds) != 1:
            raise Reject("wounds with what")
        event, j = TE.ATTACK, 1
        declared = None if kinds[0] == K.ANY else kinds[0]
        params.append(TP.DEALT)
        if j < len(args) and isinstance(args[j], NP):
            fields["target"], j = take_np(args, j)
    elif lemma in ("take", "discard") and args and isinstance(args[0], NP) and args[0].noun == "card" \
            and not args[0].adjs and not args[0].opp and subject is not None \
            and subject.noun in (N.PLAYER, N.OPPONENT) and not subject.qualifiers:
        # «когда вы берёте / противник сбрасывает карту» («Берсерк. Герои»): a card from the deck
        # to the hand, from the hand to the discard
        c = args[0].count
        if c and c != ("n", 1):
            raise Reject("draws how many")
        event, j = (TE.DRAWS if lemma == "take" else TE.DISCARDS), 1
    elif lemma == "enter" and len(args) >= 2 and isinstance(args[0], P) and args[0].kind == "prep" \
            and (args[0].v, getattr(args[1], "noun", None)) in (("v", "game"), ("na", "field")) \
            and not args[1].adjs and not args[1].count and not args[1].opp:
        event, j = TE.ENTERS, 2                    # «когда X входит в игру / выходит на поле боя»
    elif lemma == "shoot":
        event, declared = TE.ATTACK, K.SHOT        # «когда X стреляет [по Y]»: its shot
    elif lemma == "leave" and args and isinstance(args[0], NP) and args[0].noun == "field" \
            and not args[0].adjs and not args[0].count and not args[0].opp:
        event, j = TE.LEAVES, 1                    # «когда X покидает поле боя»
    elif lemma == "defend" and args and isinstance(args[0], NP) and args[0].noun == "defender" \
            and not args[0].adjs and not args[0].count and not args[0].opp:
        j = 1                                      # «когда X выступает защитником»
    elif event == TE.ATTACKED and args and isinstance(args[0], NP) and (args[0].noun or "").startswith("atk:") \
            and args[0].noun != "atk:assault" and not args[0].count:
        # «когда X атакован выстрелом»: the kind of the attack made on X
        kinds, strengths = attack_ref(args[0])
        if strengths or len(kinds) != 1:
            raise Reject("attacked with what")
        declared, j = (None if kinds[0] == K.ANY else kinds[0]), 1
    elif lemma in ("roll_result", "equal"):
        raise Reject("when die roll")
    if event is None:
        raise Reject("when verb " + lemma)
    while j < len(args):
        q = args[j]
        nxt = args[j + 1] if j + 1 < len(args) else None
        if isinstance(q, NP) and event == TE.ATTACK and lemma == "attack" and declared is None \
                and (q.noun or "").startswith("atk:") and q.noun != "atk:assault" and not q.count:
            # «когда X атакует [Y] выстрелом»: the kind of the attack (was read as its target)
            kinds, strengths = attack_ref(q)
            if strengths or len(kinds) != 1:
                raise Reject("attacks with what")
            declared = None if kinds[0] == K.ANY else kinds[0]
            if declared is None:
                raise Reject("attacks with an attack")
            j += 1
            continue
        if isinstance(q, NP) and event == TE.DESTROYS and fields["cause"] is None \
                and (q.noun or "").startswith("atk:") and q.noun != "atk:assault" and not q.count \
                and _INSTRUMENTAL_ATTACK.search(q.text.lower()):
            # «когда уничтожает выстрелом карту»: what it destroys the card with (was read as
            # the target, «выстрел карты противника»)
            fields["cause"], j = cause_of(q), j + 1
            continue
        if isinstance(q, NP) and (q.noun or "").startswith("atk:") and event in (TE.ATTACK, TE.DESTROYS):
            raise Reject("an attack noun where a card is meant")
        if isinstance(q, NP) and fields["target"] is None and event in (TE.ATTACK, TE.DESTROYS):
            if event == TE.DESTROYS and q.count and q.count[0] == "ord":
                # «когда уничтожает N-е существо … за бой» (an ordinal)
                params.append(f"{TP.NTH}:{q.count[1]}")
                q = NP(q.kind, q.noun, q.adjs, None, q.name, q.opp, q.span, q.text)
                args = list(args[:j]) + [q] + list(args[j + 1:])
            fields["target"], j = take_np(args, j)
            continue
        if isinstance(q, P) and q.kind == "turnref" and q.v == "за бой" and any(
                str(x).startswith(f"{TP.NTH}:") for x in params):
            params.append(TP.PER_FIGHT)
            j += 1
            continue
        if isinstance(q, NP) and subject is None and (j == 0 and event in _INVERTED or fronted and j == fronted) \
                and nominative_ok(q) \
                and q.kind in ("noun", "elided", "self", "ref"):
            # «когда сражаются два открытых существа»: the subject after its verb
            subject, j = take_np(args, j)
            continue
        if isinstance(q, P) and q.kind == "prep" and isinstance(nxt, NP):
            role = {"po": "target", "na": "destination", "s": "origin", "ot": "cause", "v": "destination"}.get(q.v)
            if q.v == "na" and event in (TE.ATTACK, TE.MISS, TE.DECLARES_ATTACK):
                role = "target"                       # «нападает {strike} на X»: whom it attacks
            if event == TE.FIGHTS and q.v == "s":
                role = "target"                       # «сражается с X»: whom it fights
            if role is None or fields[role] is not None:
                raise Reject("when tail")
            if role == "cause" and nxt.noun in ("creature", "card") and nxt.opp and not nxt.adjs \
                    and not nxt.count and event in (TE.DEATH, TE.WOUNDED) and fields["cause"] is None:
                params.append(TP.FROM_ENEMY_CREATURE)      # «получает раны от существа противника»
                j += 2
                continue
            if role == "cause":
                if nxt.count == ("n", 1) and (nxt.noun or "").startswith("atk:"):
                    # «от одной атаки»: all of it from a single attack
                    nxt = NP(nxt.kind, nxt.noun, nxt.adjs, None, nxt.name, nxt.opp, nxt.span, nxt.text)
                    params.append(TP.SINGLE)
                fields["cause"] = cause_of(nxt)
                j += 2
                if j < len(args) and isinstance(args[j], NP) and genitive(args[j]) \
                        and event in (TE.DEATH, TE.WOUNDED) and not (args[j].noun or "").startswith("atk:") \
                        and fields["cause"] not in CAUSES.values():
                    # «получает раны от удара существа противника»: whose attack (as after «при»)
                    by, j = take_np(args, j)
                    params.append((TP.BY, by))
                continue
            fields[role], j = take_np(args, j + 1)
            continue
        if isinstance(q, P) and q.kind == "turnref" and q.v in ("в ваш ход", "в свой ход", "в ход противника"):
            fields["turn"] = "opponent" if "противника" in q.v else "own"
            j += 1
            continue
        if isinstance(q, P) and q.kind == "adv" and q.v in _PLACE_ADVS and subj and subject is not None \
                and event in _PLACED_EVENTS and not fronted:
            # «когда существо противника погибает рядом с этой картой»: where the subject stands, as
            # «когда существо противника рядом с этой картой погибает»
            k = j + 1
            if k + 1 < len(args) and isinstance(args[k], P) and args[k].kind == "prep" and isinstance(args[k + 1], NP):
                k += 2
            elif k < len(args) and isinstance(args[k], NP) and q.v != "near":
                k += 1                                  # «напротив / позади этой карты»
            subject, subj, j = _this_card(subject_of(list(subj) + list(args[j:k]))), (), k
            continue
        if isinstance(q, P) and q.kind == "adv" and q.v in MOVE_ADVERBS and event in (TE.MOVE, TE.JUMP, TE.TELEPORT) \
                and MOVE_ADVERBS[q.v] not in params:
            params.append(MOVE_ADVERBS[q.v])                     # «перемещается по диагонали»
            j += 1
            continue
        if isinstance(q, P) and q.kind == "adv" and q.v == "first_per_turn":
            params.append(TP.FIRST_PER_TURN)                     # «в первый раз за ход»
            j += 1
            continue
        if event in _ROLLED_EVENTS and TP.AFTER_ROLLS not in params and after_rolls(q):
            params.append(TP.AFTER_ROLLS)              # «когда атакован (после бросков кубика)»
            j += 1
            continue
        if isinstance(q, P) and q.kind == "paren" and _except_turn_start(q, event):
            params.append(TP.NOT_AT_TURN_START)        # «(кроме открытия в начале своего хода)»
            j += 1
            continue
        if isinstance(q, P) and q.kind == "paren":
            t = Tails()
            if paren(q, ctx, t) and not t.notes and t.limit is None:
                t.check()               # a duration, condition … in it has no place here: refuse
                j += 1
                continue
        raise Reject("when tail")
    if event == TE.DEATH and subject is not None and subject.noun == N.SELF and not subject.qualifiers \
            and not subject.relations:
        subject = None                             # «когда Вепрь погибает»: its own death
    if event == TE.DEATH and subject is None:
        event = TE.OWN_DEATH
    fields["subject"] = subject
    event = _moves_a_step(event, fields)
    if event == TE.TO_GRAVEYARD:
        # «когда X попадает на кладбище»: the place is the event itself
        dest = fields["destination"]
        if dest is None or dest.noun != "graveyard" or dest.qualifiers or dest.relations:
            raise Reject("arrives where")
        fields["destination"] = None
    if at_once:
        if not any(str(x).startswith(f"{TP.AT_LEAST}:") for x in params):
            raise Reject("at once: how many")          # «единовременно» counts what happens at once
        params.append(TP.AT_ONCE)
    subject = this_card_is_self(subject)                  # «существо рядом с этой картой»: the card
    for role in ("target", "origin", "destination"):
        fields[role] = this_card_is_self(fields[role])   # «на существо рядом с этой картой»: the card
    params = [this_card_is_self(x) if isinstance(x, tuple) else x for x in params]
    also = tuple(A.Trigger(event, k, None, subject, fields["target"], fields["origin"], fields["destination"],
                           fields["cause"], None, fields["turn"], tuple(params), span=_span(clause_parts))
                 for k in also_kinds)
    return own_pronouns(A.Trigger(event, declared, None, subject, fields["target"], fields["origin"],
                                  fields["destination"], fields["cause"], None, fields["turn"], tuple(params),
                                  also, span=_span(clause_parts)), ctx)


# a pronoun's written word → the genders it may stand for (neuter and masculine share forms)
_PRONOUN_GENDERS = {**{w: "f" for w in ("она", "ее", "нее", "ей", "ней", "ею", "нею")},
                    **{w: "mn" for w in ("он", "оно", "его", "него", "ему", "нему", "им", "ним", "нем")}}
# written selector nouns a pronoun of that gender may point to
_NOUN_GENDER = {N.CREATURE: "n", N.CARD: "f", N.CELL: "f", N.TARGET: "f", N.ATTACK: "f",
                N.HOST: "m", N.PARASITE: "m", N.SYMBIOTE: "m", N.HERO: "m", N.DEFENDER: "m",
                N.OPPONENT: "m", N.ATTACKER: "m", N.ATTACKED: "n", N.PLAYER: "m", N.ARTIFACT: "m"}


def own_pronouns(trig: A.Trigger, ctx: Ctx) -> A.Trigger:
    """A pronoun written inside the trigger («когда существо перемещается на соседнюю с ней
    клетку») names the card when nothing else written in the trigger has its gender (the
    subject «существо» is neuter; «ней» can only be the card).  Otherwise it stays ``it``."""
    sels = [n for n in nodes_in(trig) if isinstance(n, A.Selector) and n.span != A.NOSPAN]
    pron = [n for n in sels if n.noun == N.IT and not n.qualifiers and not n.relations]
    if not pron:
        return trig
    def resolves(n: A.Selector) -> bool:
        # what else is written (not the phrase the pronoun sits in: «соседнюю с ней клетку»)
        genders = {_NOUN_GENDER.get(o.noun, "?") for o in sels if o.noun not in (N.IT, N.SELF)
                   and not (o.span.start <= n.span.start and n.span.end <= o.span.end)}
        word = ctx.orig(n.span).lower().replace("ё", "е")
        may = _PRONOUN_GENDERS.get(word)
        return may is not None and "?" not in genders and not any(g in may for g in genders)

    def swap(node):
        if isinstance(node, A.Selector) and node in pron and resolves(node):
            return A.Selector(N.SELF, span=node.span)
        return None
    return rewrite(trig, swap)


def _except_turn_start(q: P, event) -> bool:
    """«(кроме <того же события> в начале своего хода)»: the event, less the one its owner's turn
    start brings (a card opening as the turn begins)."""
    items = getattr(q.v, "items", None)
    if not items or len(items) != 1:
        return False
    ps = list(items[0].parts)
    return len(ps) == 3 and isinstance(ps[0], P) and ps[0].kind == "prep" and ps[0].v == "krome" \
        and isinstance(ps[1], NP) and not ps[1].adjs and EVENT_NOUNS.get(ps[1].noun) == event \
        and isinstance(ps[2], P) and ps[2].kind == "at_start" \
        and _OWN_TURN_START.fullmatch((ps[2].text or "").lower()) is not None


def _die_roll(parts: list, i: int) -> A.Trigger:
    """«когда бросок кубика X равен N», «когда X выбрасывает на кубике N» → die_roll."""
    subj = list(parts[:i])
    if subj and isinstance(subj[0], NP) and subj[0].noun == "roll" and not subj[0].adjs:
        subj = subj[1:]
        if subj and isinstance(subj[0], NP) and subj[0].noun == "die" and not subj[0].adjs:
            subj = subj[1:]
    subject = subject_of(subj) if subj else None
    faces = []
    for q in parts[i + 1:]:
        if isinstance(q, P) and q.kind == "bare" and q.v.split(":", 1)[1].isdigit():
            faces.append(int(q.v.split(":", 1)[1]))
        elif (isinstance(q, P) and q.kind in ("or", "and", "lcomma")) or \
                (isinstance(q, P) and q.kind == "prep" and q.v == "na") or \
                (isinstance(q, NP) and q.noun == "die" and not q.adjs):
            continue
        else:
            raise Reject("die roll tail")
    if not faces or any(f < 1 or f > 6 for f in faces):
        raise Reject("die faces")
    return A.Trigger(TE.DIE_ROLL, subject=subject, params=tuple(f"{TP.FACE}:{f}" for f in faces),
                     span=_span(parts))



LATE.when_trigger = when_trigger

__all__ = ["WHEN_EVENTS", "own_pronouns", "when_trigger"]
