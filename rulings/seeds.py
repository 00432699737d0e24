"""The classic seed documents (plain text) → clauses of the book ``classic``.

Three kinds of material, one reader (``import_seed``):

* numbered lines ``514.1.Текст`` — the combat clauses, each paragraph under its number;
* tab-separated rows under a clause — the strike table of 514.2 becomes data
  (``parse_strike_table``); a blank difference cell is restored from the row order and reported;
* the unnumbered overview articles — a paragraph is placed by, in this order: its **anchor** (how
  it opens: the overview articles mix several rules under one heading, so «Защитником может …»
  goes to ``attack.defender`` whatever heading is above it), its «Метка:» / «1. Метка.» **label**,
  the last known **heading** above it.  A one-line numbered list («1. Направленность. … 2.
  Безответность. …») is split into its items first.

What is not classic law is not placed, and each such line is reported with its line number: the
paragraphs under an unknown heading, English text, the site trailers, and everything after a
heading that starts another document (seed 001 goes on with the Heroes basics; seed 000 carries
an RPG class).  ``Imported.origins`` lists (clause, line) of every placed paragraph, so the
placement can be reviewed and pinned (tests/rulings/test_seeds.py).

Narrow rules live inside broad paragraphs: a sentence matching one of ``SENTENCE_RULES`` is also
filed under the narrower clause (with the line of its paragraph).
"""
from __future__ import annotations

import re

from berserk.text import fold
from berserk.vocab import Strength
from rulings.model import Clause, Imported, is_number, parent_of

# The strike table's words → the judge's outcome codes (plain strings: they go to YAML).
STRIKE_WORDS = {s.masc: s.value for s in Strength} | {"промах": "miss"}
STRIKE_GROUPS = (("в пользу нападающего", "attacker_higher"), ("в пользу отражающего", "defender_higher"),
                 ("одинаковые", "equal"), ("разница на кубиках 0", "equal"))

# Headings (and «Метка:» paragraph labels) of the classic overview documents → clause ids.
# Short titles only; a heading not listed here leaves its paragraphs unplaced (and reported).
CLASSIC_HEADINGS = {
    "правила проведения сражений": "514", "золотые правила": "golden", "правило топора": "axe",
    "правило легальности": "legality", "правило сведения броска": "roll-clamp",
    "колоды": "deck", "для игры требуется": "deck",
    "формирование боевых отрядов": "squad", "3. формирование отрядов": "squad",
    "определение количества магических кристаллов": "squad.crystals", "1. начало игры": "squad.crystals",
    "влияние стихий на набор отряда": "squad.elements",
    "очередность хода": "turn.order", "выбор первого хода": "turn.order", "2. очередность хода": "turn.order",
    "зоны в игре берсерк": "field", "другие игровые зоны": "field", "4. поле боя и расстановка карт": "field",
    "поле боя и расстановка карт": "placement", "поле боя и расстановка сил": "placement",
    "начало битвы": "placement",
    "ход первого игрока": "turn", "5. ход первого игрока": "turn", "ход игрока": "turn",
    "ход второго игрока": "turn.hidden-row", "6. ход второго игрока": "turn.hidden-row",
    "7. продолжение боя": "turn.start",
    "движение": "movement", "действие": "action.close", "использование особенности": "action.close",
    "использование отдельных особенностей за": "action.close", "особенность": "action.close",
    "жизни": "wounds.death", "раны": "wounds.death",
    # the ability-type table is about attacks in general (one sentence of it is about ranged ones)
    "атака": "attack", "атаки": "attack", "таблица особенностей": "attack",
    "нападение простым ударом": "attack.strike", "принять удар": "attack.strike",
    "нападение простым ударом на открытую карту": "attack.strike",
    "нападение простым ударом на закрытую карту": "attack.strike",
    "таблица ударов": "attack.strike", "сила": "attack.strike", "кубик": "attack.strike",
    "назначить защитника": "attack.defender",
    "1. направленность": "attack.direct", "2. безответность": "attack.unanswerable",
    "3. вампиризм": "attack.vampirism", "4. + х к удару": "attack.bonus",
    "особый удар": "attack.special", "выстрел": "attack.shot", "метание": "attack.throw",
    "удар через ряд": "attack.uchr", "магический удар": "attack.magic", "разряд": "attack.discharge",
    "воздействие": "effect.named", "заклинание": "effect.spell",
    "добивание на х": "effect.finishing", "отравление на х": "effect.poison",
    "фишки": "counters", "использование фишек": "counters",
    "использование внезапных действий": "instant",
    "летающие существа": "flyers", "летающий": "flyers", "полет": "flyers",
    "симбиоты": "symbiote", "симбиот": "symbiote", "подтипы существ": "flyers",
    "экипировка": "equipment", "артефакт": "artifact", "местность": "terrain",
}
# Headings after which the text is another game or document: seed 001 goes on with the Heroes
# basics and seed 000 ends with a sample game (the rest of the file is not placed); seed 000's
# RPG class «Berserker» ends at the next known heading.
OTHER_DOCUMENT = {"базовые правила": "rest", "часть партии пример": "rest", "berserker": "until-heading"}
# Paragraphs placed by how they open (the folded start), before any heading or label; None: the
# paragraph (and what follows it up to the next heading) is not classic law.
ANCHORS = (
    (r"^защитником (может|способен)", "attack.defender"),
    (r"^когда нападающее существо объявляет цель", "attack.defender"),
    (r"^назначение защитника является действием", "attack.defender"),
    (r"^\W*количество единиц движения", "movement"),
    (r"^большее количество карт в игре", "movement"),
    (r"^\W*каждое существо может совершать одно из", "action.close"),
    (r"^любое создание", "action.close"),
    (r"^все содержимое колоды", "squad.elite"),
    (r"^если у играющего в колоде только одна стихия", "squad.elements"),
    (r"^стартовая колода состоит", "deck"),
    (r"^в колоде должно быть", "deck"),
    (r"^игра берсерк-онлайн", None),
    (r"^обратите внимание: двигаться и действовать", "turn"),
    (r"^также к особенностям простого удара", "attack.strike"),
    (r"^если удар нанесен по открытой карте", "attack.strike"),
    (r"^ход игрока ?:", "turn"),
    (r"^существа ?:", None),
)
# A short line opening with these continues the paragraph above; it is not a heading.
CONTINUATION = ("обратите внимание", "например", "•", "—", "-", "·", "◆")


def _heading_key(text: str) -> str:
    s = re.sub(r"\s*править$", "", fold(text).strip())     # wiki edit links, before the colon goes
    s = s.rstrip(":").strip()
    s = re.sub(r"[\"«»“”„()]", "", s)
    s = re.sub(r"\s+", " ", s)
    return s.rstrip(".").strip()


def _label_of(paragraph: str) -> str | None:
    """The «Метка:» or «1. Метка.» prefix of a paragraph, if it is a known heading."""
    m = re.match(r"^([^:.]{2,60}?)\s*[:(]", paragraph) or re.match(r"^(\d\.\s*[^.]{2,40})\.", paragraph)
    return CLASSIC_HEADINGS.get(_heading_key(m.group(1))) if m else None


def _split_inline_list(line: str) -> list[str]:
    """«1. Направленность. … 2. Безответность. …» on one line → one item per number."""
    parts = re.split(r"\s+(?=\d\.\s*[А-ЯЁ+])", line)
    return parts if len(parts) > 1 and re.match(r"^\d\.", parts[0]) else [line]


def _is_russian(line: str) -> bool:
    """Mostly Cyrillic letters (seed 000 carries English wiki boilerplate); short lines pass."""
    letters = re.findall(r"[^\W\d_]", line)
    return len(letters) < 10 or len(re.findall("[а-яё]", line.lower())) >= len(letters) / 2


_NO_ANCHOR = object()


def _anchor(paragraph: str):
    f = fold(paragraph)
    return next((cid for pattern, cid in ANCHORS if re.match(pattern, f)), _NO_ANCHOR)


def parse_strike_table(rows: list[tuple[int, list[str]]], out: Imported) -> dict:
    """The 514.2 table rows (line, cells) → ``{group: {difference: [attacker, defender]}}``.

    Conversions lose the first cell of some rows (the seed has blank differences 1–4): a blank
    difference is the previous row's plus one, and each such inference is reported.
    """
    table: dict[str, dict] = {}
    group = None
    previous = 0
    for line, cells in rows:
        head = fold(cells[0])
        found = next((key for words, key in STRIKE_GROUPS if words in head), None)
        if found:
            group, previous = found, 0
            table.setdefault(group, {})
            continue
        if group is None or len(cells) < 3:
            out.note(line, "строка таблицы ударов вне группы — не размещена")
            continue
        outcome = [STRIKE_WORDS.get(fold(c).split()[0]) if c.strip() else None for c in cells[1:3]]
        if None in outcome:
            out.note(line, f"непонятный исход в таблице ударов: {' | '.join(cells[1:3])}")
            continue
        if group == "equal":
            key: object = "low" if "меньше" in head else "high"
        elif head.strip():
            key = int(re.match(r"\d+", head).group())
        else:
            key = previous + 1
            out.note(line, f"в таблице ударов нет разницы в первой ячейке; восстановлена по порядку: {key}")
        if isinstance(key, int):
            previous = key
        table[group][key] = outcome
    return table


TRAILER = re.compile(r"^(дата добавления|источник|просмотров)\b", re.I)
SEED_CLAUSE = re.compile(r"^(\d{3}(?:\.\d{1,3})+)\.?\s*(.*)$")


def _is_heading(line: str) -> bool:
    """A short line without closing punctuation: a section heading in the seed documents."""
    return (len(line) < 70 and not line.endswith((".", ";", ",", "»")) and "\t" not in line
            and not fold(line).startswith(CONTINUATION))


def _is_strike_table(rows) -> bool:
    return any("нападающий наносит" in fold(" ".join(cells)) for _l, cells in rows)


def import_seed(text: str, book: str = "classic", source: str = "<seed>") -> Imported:
    """Classic plain-text rules: numbered clauses, the strike table, headed sections (module doc)."""
    out = Imported(book=book, source=source)
    texts: dict[str, list[tuple[int, str]]] = {}
    tables: dict[str, list[tuple[int, list[str]]]] = {}
    titles: dict[str, str] = {}
    current: str | None = None
    unknown_heading = "начало файла"
    other: str | None = None                      # the heading that started another document

    def start(cid: str, title: str = "") -> None:
        if cid not in texts:
            texts[cid] = []
        if title and cid not in titles:
            titles[cid] = title

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        key = _heading_key(line)
        if key in OTHER_DOCUMENT:
            current, unknown_heading = None, line
            other = line if OTHER_DOCUMENT[key] == "rest" else None
            out.note(lineno, f"заголовок «{line[:50]}» начинает другой документ: не сопоставлен ни одному пункту")
            continue
        if other is not None:
            out.note(lineno, f"абзац не размещён (другой документ: «{other[:40]}»): {line[:40]}…")
            continue
        m = SEED_CLAUSE.match(line)
        if m:
            number, body = m.group(1), m.group(2)
            if number in texts:
                out.repeated.append(number)
                out.note(lineno, f"номер {number} повторяется в документе")
            current = number
            start(number)
            texts[number].append((lineno, body))
            continue
        if TRAILER.match(line):
            out.note(lineno, f"служебная строка документа не размещена: {line[:40]}")
            continue
        if "\t" in raw and current is not None:
            tables.setdefault(current, []).append((lineno, [c.strip() for c in raw.split("\t")]))
            continue
        if not _is_russian(line):
            current, unknown_heading = None, line
            out.note(lineno, f"абзац не на русском языке не размещён: {line[:40]}…")
            continue
        if key in CLASSIC_HEADINGS and len(line) < 80:
            current = CLASSIC_HEADINGS[key]
            start(current, line.rstrip(":"))
            continue
        for item in _split_inline_list(line):
            target = _anchor(item)
            if target is None:                    # an anchor saying «not classic law»
                current, unknown_heading = None, item
                out.note(lineno, f"абзац не размещён (не правило классики): {item[:40]}…")
                continue
            if target is _NO_ANCHOR:
                target = _label_of(item)
            if target:
                current = target
                start(current)
            elif _is_heading(item) and not (current and is_number(current)):
                current, unknown_heading = None, item
                out.note(lineno, f"заголовок «{item[:50]}» не сопоставлен ни одному пункту")
                continue
            if current is None:
                out.note(lineno, f"абзац не размещён (раздел «{unknown_heading[:50]}»): {item[:40]}…")
                continue
            texts[current].append((lineno, item))
    # A numbered block (514.1 …) gets its head clause (514) even when the document has no line for it.
    for number in [n for n in texts if is_number(n) and "." in n]:
        head = number.split(".")[0]
        if head not in texts:
            texts = _insert_before(texts, number, head)
    _place_sentences(texts)
    known = set(texts)
    for cid, paragraphs in texts.items():
        body = "\n\n".join(p for _l, p in paragraphs if p)
        out.origins.extend((cid, line) for line, p in paragraphs if p)
        data = None
        if cid in tables:
            strike = parse_strike_table(tables[cid], out) if _is_strike_table(tables[cid]) else None
            data = {"strike_table": strike} if strike else {"rows": [c for _l, c in tables[cid]]}
            body = (body + "\n\n" + "\n".join("\t".join(cells) for _l, cells in tables[cid])).strip()
        parent = parent_of(cid, known, None) if is_number(cid) else None
        out.clauses.append(Clause(book=book, id=cid, parent=parent, title=titles.get(cid, ""),
                                  text=body or None, source=source, data=data,
                                  kind="section" if is_number(cid) and "." not in cid else "clause"))
    return out


# Narrow rules live inside broader paragraphs: a sentence of a placed paragraph that matches one
# of these patterns is also filed under the narrower clause (pattern on the folded sentence, id).
SENTENCE_RULES = (
    (r"элитн", "squad.elite"),
    (r"нейтральн", "squad.neutral"),
    (r"летающ.{0,60}кристалл|кристалл.{0,60}летающ|пятнадцати кристалл", "squad.flyers"),
    (r"втор\w*.{0,40}(?:получает|дополнительно).{0,40}кристалл", "squad.second-player"),
    (r"пересда", "squad.redeal"),
    (r"бестелесн", "incorporeal"),
    (r"побежда|сражение заканчивается", "victory"),
    (r"^первый игрок\b.{0,60}расстановк", "placement.first-player"),
    (r"^второй игрок\b.{0,60}расстановк", "placement.second-player"),
    (r"больше 9 карт|заполнил доступные", "placement.overflow"),
    (r"летающ.{0,80}экипировк|экипировк.{0,80}летающ", "flyers"),
    (r"дальн\w* атак.{0,80}(рядом|соседн)|дальн\w* атак.{0,80}летающ", "attack.ranged"),
    (r"(летающ|местност|симбиот|экипировк).{0,100}(дополнительн\w* зон|расстановк|вскры)", "placement.special"),
)


def _place_sentences(texts: dict[str, list[tuple[int, str]]]) -> None:
    for pattern, target in SENTENCE_RULES:
        found: list[tuple[int, str]] = []
        for cid, paragraphs in texts.items():
            if cid == target:
                continue
            for line, para in paragraphs:
                for sentence in re.split(r"(?<=[.!?])\s+", para):
                    if re.search(pattern, fold(sentence)) and sentence not in (s for _l, s in found):
                        found.append((line, sentence))
        if found:
            have = {s for _l, s in texts.setdefault(target, [])}
            texts[target].extend((line, s) for line, s in found if s not in have)


def _insert_before(d: dict, before: str, key: str) -> dict:
    out = {}
    for k, v in d.items():
        if k == before:
            out[key] = []
        out[k] = v
    return out
