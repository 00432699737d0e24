"""What people read instead of ids: icon symbols (and their legend) and the Russian words of
the AST's open vocabularies (action verbs, conditions, selector nouns and qualifiers …).

Canonical text keeps icons as ``{code}`` (grammar.icons normalises every source to it; ``--json``
output and the DB keep that form).  Whatever a *person* reads — ``berserk card``, ``berserk
parse``, the web pages — shows the icon as its symbol instead:

    >>> to_display("{tap}: {uchr} на 1.")
    '⤵️: ↗️ на 1.'
    >>> to_display("{armor}2.")
    '⟨броня⟩2.'

Codes with a proven emoji (the corpus legend) show that emoji.  Codes the sources write only as
words (armor, zov, zoal), or whose emoji is not proven (ovs, stamina), show a short Russian word
in ⟨angle brackets⟩, so a player never sees a code and never sees a guessed symbol.  An emoji the
legend does not know (``{emoji:U+1F984}``) is shown as itself; an icon the source lost
(``{lost}``) as ⟨значок потерян⟩.  ``to_html`` wraps each icon in a ``<span class="icon">`` with
its meaning as a tooltip; everything else is HTML-escaped.

``word(id)`` is the Russian for any vocabulary id an AST carries: the display tables below
first (short phrases written for reading a tree), else the ``ru`` of the ``berserk.vocab``
member with that value (every vocabulary the grammar adds brings its Russian along), else the
id itself when it already is Russian (a name, a class), else ``⟨без перевода: id⟩``.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from berserk import vocab
from berserk.vocab import AttackKind, Element, Strength
from berserk.vocab import AttackKind as K

from grammar.icons import EMOJI_CODES, UNPROVEN_CODES

_VS16 = "\ufe0f"


@dataclass(frozen=True)
class Icon:
    """One icon of the legend: its canonical code, what people see, what it means."""

    code: str
    symbol: str          # the emoji, or ⟨слово⟩ when the icon has no proven emoji
    meaning: str         # our own short wording
    proven: bool         # the corpus legend proves the code's meaning


def _emoji(code: str) -> str | None:
    for emoji, c in EMOJI_CODES.items():
        if c == code:
            # keycaps («2️⃣») need the variation selector before the combining keycap
            return emoji[0] + _VS16 + emoji[1:] if emoji[-1] == "\u20e3" else emoji + _VS16
    return None


#: code → meaning, in the order the legend lists them.  The symbol comes from the proven emoji
#: table (grammar.icons.EMOJI_CODES) or, lacking one, from ``_WORDS``.
_MEANINGS = (
    ("tap", "закрыть карту (цена действия)"),
    ("counter", "фишка"),
    ("instant", "внезапное действие"),
    (EMOJI_CODES["\U0001f5e1"], "простой удар"),      # 🗡 (codes that spell attack kinds
    (EMOJI_CODES["\u2197"], "удар через ряд"),        # ↗  are taken from the emoji table)
    ("direct", "направленный удар"),
    ("ova", "опыт в атаке"),
    ("ovz", "опыт в защите"),
    ("ovs", "опыт в стрельбе"),
    ("regen", "регенерация"),
    ("armor", "броня"),
    ("stamina", "стойкость"),
    ("health", "жизни"),
    ("move", "ход (движение)"),
    ("zoo", "защита от отравления"),
    ("zoz", "защита от заклинаний"),
    ("zom", "защита от магии"),
    ("zor", "защита от разрядов"),
    ("zot", "защита от метания"),
    ("zov", "защита от выстрелов"),
    ("zoal", "защита от летающих"),
    ("second", "если вы ходите вторым"),
    ("first", "если вы ходите первым"),
    ("elite", "элитная карта, золотой кристалл"),
    ("ordinary", "рядовая карта, серебряный кристалл"),
    ("gold", "золотой кристалл"),
    ("silver", "серебряный кристалл"),
    ("coin", "монета («Берсерк. Герои»)"),
)

#: The word shown for an icon without a proven emoji.
_WORDS = {"armor": "броня", "zov": "защита от выстрелов", "zoal": "защита от летающих",
          "ovs": "опыт в стрельбе", "stamina": "стойкость", "gold": "золото",
          "silver": "серебро", "lost": "значок потерян", "coin": "монета"}


def _icon(code: str, meaning: str) -> Icon:
    emoji = None if code in UNPROVEN_CODES else _emoji(code)
    symbol = emoji or f"⟨{_WORDS.get(code, meaning)}⟩"
    return Icon(code, symbol, meaning, code not in UNPROVEN_CODES)


LEGEND: tuple[Icon, ...] = tuple(_icon(code, meaning) for code, meaning in _MEANINGS)
_BY_CODE = {icon.code: icon for icon in LEGEND}
_ICON_RE = re.compile(r"\{([\w:+]+)\}")


def icon(code: str) -> Icon | None:
    """The legend entry of ``code`` (None for a code the project does not know)."""
    found = _BY_CODE.get(code)
    if found is not None:
        return found
    if code == "lost":
        return Icon(code, f"⟨{_WORDS['lost']}⟩", "значок, потерянный в источнике", False)
    if code.startswith("emoji:U+"):
        try:
            char = chr(int(code[len("emoji:U+"):], 16))
        except (ValueError, OverflowError):
            return None
        return Icon(code, char, "значок, которого нет в легенде", False)
    return None


def symbol(code: str) -> str:
    """What a person sees for ``{code}``: the emoji, ⟨слово⟩, or ``{code}`` itself when unknown."""
    found = icon(code)
    return found.symbol if found is not None else "{" + code + "}"


def has_emoji(code: str) -> bool:
    """True when ``code`` (bare or as ``{code}``) shows as a symbol, not as ⟨a word⟩."""
    return not symbol(code.strip("{}")).startswith(("⟨", "{"))


def to_display(text: str) -> str:
    """Canonical text with every known icon as its symbol."""
    return _ICON_RE.sub(lambda m: symbol(m.group(1)), text)


def to_html(text: str) -> str:
    """Canonical text as safe HTML: escaped, each icon a ``<span class="icon" title=…>``."""
    out: list[str] = []
    last = 0
    for m in _ICON_RE.finditer(text):
        out.append(html.escape(text[last:m.start()]))
        found = icon(m.group(1))
        if found is None:
            out.append(html.escape(m.group(0)))
        else:
            out.append(f'<span class="icon" title="{html.escape(found.meaning)}">'
                       f"{html.escape(found.symbol)}</span>")
        last = m.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def legend_lines() -> list[str]:
    """The legend as terminal lines: code, symbol, meaning (and «не доказан»).  The code column
    comes first because its width is known; an emoji is taken as two columns wide."""
    def width(sym: str) -> int:
        return len(sym) if sym.startswith("⟨") else 2

    column = max(width(i.symbol) for i in LEGEND)
    out = []
    for i in LEGEND:
        note = "  (значение не доказано: судья по нему не решает)" if not i.proven else ""
        out.append(f"{{{i.code}}}".ljust(11) + i.symbol + " " * (column - width(i.symbol) + 2)
                   + i.meaning + note)
    return out


# ================================================================ Russian words for AST ids
UNTRANSLATED = "без перевода"


def untranslated(value: Any) -> str:
    """The visible mark of an id no table knows (tests fail on it for the corpus)."""
    return f"⟨{UNTRANSLATED}: {value}⟩"


#: Russian names of node classes, for the generic rendering of a class without its own phrase.
NODE_NAMES = {
    "Activated": "действие", "Triggered": "срабатывание", "Static": "постоянно",
    "Formation": "строй", "WhenOrder": "по очерёдности хода", "Keyword": "особенность",
    "Protection": "защита", "Vampirism": "вампиризм", "Bonus": "прибавка",
    "Reduction": "снижение", "CounterLimit": "предел фишек",
    "StartsWithCounters": "начинает с фишками", "Attack": "атака", "Poison": "отравление",
    "Finishing": "добивание", "Wound": "ранить", "Heal": "излечить", "Gain": "получает",
    "Lose": "теряет", "Action": "действие", "Sequence_": "по порядку", "Choice": "на выбор",
    "Conditional": "если", "Named": "воздействие", "Opaque": "не разобрано",
    "Unknown": "недоказанный значок", "Cost": "цена", "Limit": "ограничение",
    "Selector": "цель", "Duration": "длительность", "Condition": "условие",
    "Trigger": "событие", "Fixed": "величина", "ByStrength": "величина по силе удара",
    "Variable": "переменная", "Measure": "мера", "Define": "определение", "Label": "метка",
    "Restriction": "запрет", "Permission": "разрешение", "Relation": "положение",
}

#: Russian field names, for the generic rendering.
FIELD_NAMES = {
    "target": "цель", "amount": "величина", "duration": "длительность", "condition": "условие",
    "limit": "ограничение", "subject": "кто", "only": "только", "kinds": "виды атак",
    "times": "раз", "value": "число", "name": "название", "what": "что", "to": "куда",
    "count": "число", "params": "уточнения", "against": "против", "strengths": "сила",
    "cost": "цена", "keyword": "особенность", "per": "за каждую", "source": "источник",
}

SIDES = {"own": "ваше", "enemy": "противника"}
CHOOSERS = {"owner": "владельца", "attacked": "атакованного", "opponent": "противника",
            "attacker": "атакующего",
            # «Берсерк. Герои» menus (524.2): each option or not / one option N times
            "constructor": "владельца (каждый вариант — по желанию)",
            "constructor_times": "владельца (один вариант за раз)"}

#: «защита от …» / «−1 от …»: the genitive plural of the attack kinds (vocab has nom/ins/dat).
PROTECTION_GEN = {
    K.STRIKE: "простых ударов", K.SPECIAL: "особых ударов", K.MAGIC: "магии",
    K.SHOT: "выстрелов", K.THROW: "метания", K.DISCHARGE: "разрядов",
    K.UCHR: "ударов через ряд", K.DIRECT: "направленных ударов", K.RANGED: "дальних атак",
    K.MELEE: "ближних ударов", K.NONMAGIC: "немагических атак", K.MAGICAL: "магических атак",
    K.FLYERS: "летающих", K.SPELLS: "заклинаний", K.EFFECTS: "воздействий",
    K.POISON: "отравления", K.ANY: "всех атак", K.RESPONSE: "ответных ударов",
    K.DICE: "бросков кубика", K.RANGE: "дальности",
}

#: «+1 к …» for what is not an attack kind.
TO_DATIVE = {"move": "ходу {move}", "ova": "опыту в атаке {ova}", "ovz": "опыту в защите {ovz}",
             "life": "жизням {health}", "next_strike": "следующему удару {strike}",
             "armor": "броне", "next_throw": "следующему метанию",
             "next_dice": "следующему броску кубика"}
#: «дальности метания»: the genitive singular of an attack kind
KIND_GEN = {K.SHOT: "выстрела", K.THROW: "метания", K.DISCHARGE: "разряда",
            K.UCHR: "удара через ряд", K.STRIKE: "простого удара", K.SPECIAL: "особого удара",
            K.MAGIC: "магического удара"}
for _kind, _gen in KIND_GEN.items():
    TO_DATIVE[f"range_{_kind}"] = f"дальности {_gen}"

LOSE_WHAT = {"counters": "фишки {counter}", "flying": "полёт", "abilities": "все особенности",
             "ability": "особенность", "markers": "маркеры"}

#: nouns: (phrase, gender m/f/n) — the gender agrees the side and qualifiers
NOUNS = {
    "creature": ("существо", "n"), "card": ("карта", "f"), "cell": ("клетка", "f"),
    "artifact": ("артефакт", "m"), "terrain": ("местность", "f"), "host": ("хозяин", "m"),
    "parasite": ("паразит", "m"), "symbiote": ("симбиот", "m"), "companion": ("компаньон", "m"),
    "hero": ("герой", "m"), "defender": ("защитник", "m"), "target": ("цель", "f"),
    "self": ("эта карта", "f"), "it": ("та же карта", "f"),
    "attacked": ("атакованное существо", "n"), "attacker": ("атакующее существо", "n"),
    "opponent": ("противник", "m"), "player": ("вы", "p"), "row": ("ряд", "m"),
    "column": ("столбец", "m"), "half": ("половина поля", "f"), "graveyard": ("кладбище", "n"),
    "deck": ("колода", "f"), "hand": ("рука", "f"), "squad": ("отряд", "m"),
    "marker": ("маркер", "m"), "token": ("жетон", "m"), "attack": ("атака", "f"),
    "any_of": ("любое из", "n"), "all_of": ("каждое из", "n"),
    "flyer": ("летающее существо", "n"),
}

#: qualifiers, bare (neuter; ``agree`` turns them to the noun's gender)
QUALIFIERS = {
    "adjacent": "соседнее", "all": "все", "other": "другое", "opposite": "стоящее напротив",
    "closed": "закрытое", "chosen": "выбранное", "flying": "летающее", "this": "это",
    "in_formation_with_self": "в строю с этой картой", "open": "открытое",
    "any_range": "на любом расстоянии", "poisoned": "отравленное", "nonflying": "нелетающее",
    "no_close_after_first": "не закрываясь после первой атаки",
    "close_after_last": "закрываясь после последней атаки",
    "not_closing": "не закрываясь",
    "while_adjacent_to_enemy": "пока рядом с врагом", "left_and_right": "слева и справа",
    "unwounded": "без ран", "wounded": "раненое", "in_a_row": "подряд", "one_of": "одно из",
    "on_chosen_cell": "на выбранной клетке", "on_that_cell": "на той клетке",
    "elite": "элитное", "ordinary": "рядовое", "not_moved_this_turn": "не двигавшееся в этот ход",
    "defended_by_self": "которое защищает эта карта",
    "no_allies_left_and_right": "без союзников слева и справа", "in_graveyard": "на кладбище",
    "not_wounded_this_turn": "не раненое в этот ход", "different": "разные", "free": "свободное",
    "same_column_as_self": "в одном столбце с этой картой", "different_targets": "по разным целям",
    "behind": "стоящее позади", "any": "любое", "choosers_own": "своё (выбирающего)",
    "incorporeal": "бестелесное", "dead": "погибшее", "in_squad": "в отряде",
    "in_deck": "в колоде", "on_field": "на поле боя", "diagonal": "по диагонали",
    "any_times": "любое число раз", "as_adjacent": "как по соседнему",
    "all_adjacent": "всех соседних", "through_row": "через ряд", "free_cell": "свободная клетка",
    "adjacent_cell": "соседняя клетка", "these": "эти", "received": "полученные", "between": "между ними", "enemy": "противника",
    "once_per_fight": "раз за бой", "one_cell_along_strike": "на клетку по направлению удара",
    "incarnation_token": "жетон инкарнации", "top_card_of_deck": "верхняя карта колоды",
    "marker": "маркер", "this_turn": "в этот ход", "next_turn": "в следующий ход",
    "last_opponent_turn": "в прошлый ход противника", "through_occupied": "через занятые клетки",
    "since_effect": "с начала действия эффекта", "or_will_not": "или не хочет",
    "when_defending": "когда защищает", "first_per_turn": "первый за ход", "per_turn": "за ход",
    "at_turn_start": "в начале хода", "after_first_attack": "после первой атаки",
    "in_assault": "в нападении", "response": "ответный", "each": "каждый",
    "from_text": "особенностью (не атакой)", "same_direction": "в том же направлении",
    "different_directions": "в разных направлениях", "none": "ни одной", "some": "хотя бы одна",
    "center": "в центре", "edge": "с краю", "from": "от", "both": "обе показанные карты",
    "received_this_turn": "полученных в этот ход", "formation": "строй",
    "along_strike": "в направлении удара",
    "forced_targeting": "особенности, обязывающие выбирать цель",
    "attacks": "атаки", "abilities": "особенности", "or_less": "или меньше",
    "without_eliteness": "без учёта элитности", "base": "без учёта модификаторов",
    "as_open": "как открытая карта", "except": "кроме", "any_direction": "в любом направлении",
    "yours": "под вашим контролем", "vertical": "по вертикали", "horizontal": "по горизонтали",
    "straight_line": "на одной прямой", "along_move": "в направлении движения",
    "again": "снова", "fully": "полностью", "central": "центральный", "edge_column": "крайний",
    "odd": "нечётное", "even": "чётное", "leftmost": "крайнее левое",
    "rightmost": "крайнее правое", "2+": "2 или больше", "after_this": "после этой атаки",
    "any_order": "в любом порядке", "no_shuffle": "не перемешивая колоду", "land": "приземлившись",
    # «Берсерк. Герои» action tags (grammar/frames_heroes.py)
    "lose_elements": "теряет все стихии", "extra_turn": "дополнительный ход",
    "give": "отдать противнику", "create": "создать из запаса", "copy_feature": "копия особенности",
    "ambush": "засада (из руки)", "distribute": "распределяя между целями",
    "dealt": "нанеся раны",
}

VERBS = {
    "nothing": "ничего не делать", "attack": "атаковать", "declare": "объявлять атаку",
    "defend": "выступать защитником", "move": "переместить", "teleport": "телепортировать",
    "jump": "прыгнуть", "swap": "поменять местами", "open": "открыть", "close": "закрыть",
    "destroy": "уничтожить", "exile": "убрать из игры", "summon": "вызвать",
    "revive": "возродить", "return": "вернуть", "put": "положить", "marker": "получить маркер",
    "prophecy": "пророчество", "roll_die": "бросить кубик", "reroll_die": "перебросить кубик",
    "change_roll": "изменить бросок", "block": "блокировать удар", "redirect": "перенаправить атаку",
    "redistribute_wounds": "перераспределить раны", "prevent_wounds": "предотвратить раны",
    "reduce_to": "свести удар к", "set_strength": "свести силу удара к",
    "reduce_strike": "уменьшить удар", "forced_attack": "нанести удар", "die": "погибнуть",
    "taunt": "вынудить атаковать эту карту", "choose": "выбрать", "choose_row": "выбрать ряд",
    "heal": "излечивать", "get_wounds": "получать раны", "get_counters": "получать фишки",
    "have_counters": "иметь фишки", "be_targeted": "быть целью", "use": "применять особенности",
    "ignore": "не замечать", "leave_cell": "покидать клетку", "look": "посмотреть",
    "show": "показать", "pay": "заплатить", "take": "взять карту",
    "gain_crystal": "получить кристалл", "fight": "сражаться", "obliged": "обязано",
    "start_with_counter": "начинать бой с фишкой", "cannot_attack": "не может атаковать",
    "no_open_next_turn": "не открывается в следующий ход",
    "cannot_leave_cell": "не может покинуть клетку", "may_attack_flyers": "может атаковать летающих",
    "reduce_chosen_strike": "уменьшить выбранный удар",
}

#: conditions: a phrase, with {0} {1} … for the params where they go inside it
CONDITIONS = {
    "self_attacked_by": "эту карту атакуют: {0}", "moved_cells": "переместилась на {0} клетки",
    "counters_on_self": "фишек на карте: {0}", "in_formation_with": "в строю с {0}",
    "unwounded": "нет ран", "wounded": "есть раны", "both_shown_cards": "обе показанные карты {0}",
    "column": "в столбце: {0}", "no_enemy_cards_in_row": "в ряду нет карт противника",
    "shown_card": "показанная карта", "own_turn": "идёт ваш ход",
    "opponent_turn": "идёт ход противника",
    "attacked_cannot_or_will_not_move": "атакованный не может или не станет перемещаться",
    "would_heal_instead": "должна излечиться (вместо этого)",
    "not_moved_this_turn": "не перемещалась в этот ход",
    "wounded_by_other_ranged_this_turn": "ранена другой дальней атакой в этот ход",
    "adjacent_count": "рядом не менее {0} существ", "attacking": "атакует",
    "shown_card_cost_odd": "стоимость показанной карты нечётная", "defending": "выступает защитником",
    "cannot_move": "не может перемещаться", "rolled": "на кубике выпало",
    "adjacent_distinct_classes": "рядом существа разных классов", "is": "",
    "exists": "есть", "has_counters": "есть фишки {counter}", "has": "обладает",
    "attacked_by": "атакована", "got_wounds": "получала раны", "moved": "перемещалась",
    "can": "может", "would": "должна", "count": "", "all": "", "any": "", "event": "во время:",
}

MEASURES = {
    "counters": "число фишек {counter}", "spent_counters": "число потраченных фишек {counter}",
    "wounds": "число ран", "wounds_dealt": "число нанесённых ран",
    "cells_moved": "на сколько клеток переместилась", "cards_shown": "число показанных карт",
    "shown_card_cost": "стоимость показанной карты", "strike_value": "величина удара",
    "sum_strike_value": "сумма величин ударов", "count": "число карт", "cost": "стоимость",
    "life": "жизни", "armor": "оставшаяся броня", "die": "выпавшее на кубике",
    "same": "столько же", "markers": "число маркеров",
}

RELATIONS_TO_SELF = {
    "adjacent": "рядом с этой картой", "opposite": "напротив этой карты",
    "behind": "позади этой карты", "in_front": "перед этой картой",
    "left_right": "справа и слева от этой карты", "in_formation_with": "в строю с этой картой",
    "same_row": "в одном ряду с этой картой", "same_column": "в одном столбце с этой картой",
    "on_cell": "на клетке этой карты", "host_of": "хозяин этой карты",
    "parasite_of": "симбиот этой карты", "defended_by": "которую защищает эта карта",
    "of": "принадлежащее этой карте",
}
RELATIONS = {
    "adjacent": "рядом с", "opposite": "напротив", "behind": "позади", "in_front": "перед",
    "left_right": "справа и слева от", "in_formation_with": "в строю с",
    "same_row": "в одном ряду с", "same_column": "в одном столбце с", "on_cell": "на клетке",
    "host_of": "хозяин", "parasite_of": "симбиот", "defended_by": "которую защищает",
    "of": "принадлежащее",
    "costs_more": "большей стоимости (без учёта элитности), чем",
}

#: «ваше существо», «ваша карта», «ваш защитник» — by the noun's gender
OWN = {"n": "ваше", "f": "ваша", "m": "ваш", "p": "ваши"}

_WORDS_EXTRA = {"strong": "сильный", "weak": "слабый", "medium": "средний", "X": "X",
                "turn": "ход", "fight": "бой", "game": "игру", "row": "ряд", "own": "ваш",
                "after": "после того, как", "instead": "вместо", "before": "до", "to": "куда"}


def _vocab_words() -> dict[str, str]:
    """value → Russian of every ``berserk.vocab`` member that carries a phrase (``ru``, or
    ``forms.nom``), shortened to its first form («открыть(ся)» stays, «(params: …)» goes)."""
    out: dict[str, str] = {}
    stack = [vocab.Vocabulary]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        for member in getattr(cls, "__members__", {}).values():
            ru = getattr(member, "ru", None)
            if isinstance(ru, str) and ru:
                out.setdefault(str(member.value), re.split(r" \(| / ", ru)[0])
    return out


_VOCAB_WORDS = _vocab_words()
_CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def agree(adjective: str, gender: str) -> str:
    """A neuter adjective («закрытое», «соседнее») in the noun's gender (m/f/n, p = plural)."""
    if gender == "n" or not adjective or " " in adjective:
        return adjective
    exceptions = {"другое": "другой", "любое": "любой", "чужое": "чужой", "своё": "свой"}
    if gender == "m" and adjective in exceptions:
        return exceptions[adjective]
    for neuter, forms in (("ое", {"m": "ый", "f": "ая", "p": "ые"}),
                          ("ее", {"m": "ий", "f": "яя", "p": "ие"})):
        if adjective.endswith(neuter) and gender in forms:
            return adjective[: -len(neuter)] + forms[gender]
    return adjective


def word(value: Any) -> str:
    """The Russian for one vocabulary id (or a number, or a word that already is Russian)."""
    if isinstance(value, bool):
        return "да" if value else "нет"
    if isinstance(value, int):
        return str(value)
    text = str(value)
    for table in (QUALIFIERS, VERBS, _WORDS_EXTRA):
        if text in table:
            return table[text]
    kind = AttackKind.get(text)
    if kind is not None:
        return kind.forms.nom
    if text in _VOCAB_WORDS:
        return _VOCAB_WORDS[text]
    if ":" in text:
        return qualifier_phrase(text)
    if "|" in text:                                  # alternatives: «leftmost|rightmost»
        return " или ".join(word(part) for part in text.split("|"))
    if text.isdigit() or _CYRILLIC.search(text) or text == "X":
        return text
    return untranslated(text)


def noun_phrase(noun: str) -> str:
    if noun.startswith("class:"):
        return f"существо класса «{noun[len('class:'):]}»"
    if noun in NOUNS:
        return NOUNS[noun][0]
    return word(noun)


def noun_gender(noun: str) -> str:
    return NOUNS.get(noun, ("", "n"))[1]


_COST_FORMS = {"<=": "или меньше", ">=": "или больше", "=": ""}


def qualifier_phrase(qualifier: str, gender: str = "n") -> str:
    """One selector qualifier in Russian: bare («closed») or with its argument («element:горы»,
    «cost_max:3», «row:2:enemy», «with:shot|throw»)."""
    if qualifier in QUALIFIERS:
        return agree(QUALIFIERS[qualifier], gender)
    m = re.fullmatch(r"cost(<=|>=|=)(\w+)", qualifier)
    if m:
        return f"стоимостью {m.group(2)} {_COST_FORMS[m.group(1)]}".rstrip()
    name, _, arg = qualifier.partition(":")
    if not _:
        return word(qualifier) if qualifier not in _VOCAB_WORDS else _VOCAB_WORDS[qualifier]
    negative = arg.startswith("!")
    arg = arg.lstrip("!")
    no = "не " if negative else ""
    if name == "element":
        element = Element.get(arg)
        return f"{no}стихии «{element.value if element else arg}»"
    if name == "class":
        return f"{no}класса «{arg}»"
    if name == "cost" and arg in ("odd", "even"):
        return "с нечётной стоимостью" if arg == "odd" else "с чётной стоимостью"
    if name in ("cost_max", "cost_min", "cost", "move_min", "life_max", "move", "move_max"):
        arg = arg if arg.isdigit() or arg == "X" else word(arg)
        return {"cost_max": f"стоимостью {arg} или меньше", "cost_min": f"стоимостью {arg} или больше",
                "cost": f"стоимостью {arg}", "move_min": f"с ходом {{move}}{arg} или больше",
                "life_max": f"с жизнями {arg} или меньше", "move": f"с ходом {{move}}{arg}",
                "move_max": f"с ходом {{move}}{arg} или меньше"}[name]
    if name == "max" and arg.isdigit():
        return f"не более {arg}"                     # a restriction's cap: «не более 3 ран»
    if name in ("with", "without"):
        kinds = ", ".join(word(k) for k in arg.split("|"))
        return ("с: " if name == "with" else "без: ") + kinds
    if name in ("row", "rows"):
        row, _, side = arg.partition(":")
        whose = {"own": " вашего поля", "enemy": " противника"}.get(side, "")
        if row == "chosen":
            return f"в выбранном ряду{whose}"
        return f"в ряду {row.replace('-', '–')}{whose}"
    if name == "strength":
        member = Strength.get(arg)
        return agree(member.masc.replace("ый", "ое").replace("ий", "ее"), gender) if member else word(arg)
    if name in ("kind", "named", "type"):
        label = {"kind": "вида", "named": "с именем", "type": "типа"}[name]
        return f"{no}{label} «{word(arg) if name == 'kind' else arg}»"
    if name == "cells":
        return f"на {arg} клетки"
    if name == "attacks":                            # «attacks:2+»: from two attacks or more
        return f"от {arg.rstrip('+')}{' или более' if arg.endswith('+') else ''} атак"
    if name == "column":
        where = {"leftmost": "крайнем левом", "rightmost": "крайнем правом",
                 "leftmost|rightmost": "крайнем левом или правом", "central": "центральном",
                 "edge": "крайнем"}.get(arg, word(arg))
        return f"в {where} столбце"
    if name == "nth":
        return f"{arg}-й"
    if name == "face":
        return f"на кубике {arg}"
    if name == "direction":
        return {"same": "в том же направлении", "different": "в другом направлении"}.get(arg, word(arg))
    if name == "from":
        return f"от: {word(arg)}"
    if name == "more_than":
        return f"больше {arg}"
    if name == "life" and arg.isdigit():             # «…, она входит в игру с N {health}» (frames_enter)
        return f"входит в игру с {arg} {{health}}"
    if name == "role":                               # which card of the event (frames_roles, F5)
        return {"subject": "то, что совершило событие", "target": "то, с чем совершено событие",
                "destination": "то, что названо в месте назначения события",
                "origin": "то, что названо в месте, откуда началось событие",
                "by": "то, что действовало в эффекте перед этим"}.get(arg, word(arg))
    parts = [word(p) for p in (name, arg) if p]
    return ", ".join(parts)
