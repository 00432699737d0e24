"""Importers: official rulebook files the user owns → ``Clause`` / ``GlossaryEntry`` values.

Three formats, one result type (``Imported``):

* ``import_seed`` — the plain-text classic documents: numbered lines ``514.1.Текст``, tab-separated
  table rows under a clause (the strike table of 514.2 becomes data), and the unnumbered sections
  of the classic overview, placed by their heading or paragraph label (``CLASSIC_HEADINGS``).
* ``import_heroes_markdown`` — the docx→markdown conversion of «Берсерк. Герои» full rules:
  heading levels mean nothing there (a clause may be ``###``, ``#####`` or a plain paragraph), so
  the *number* alone decides the level; the table of contents is skipped but cross-checked;
  numbers the document repeats are kept (``104.3#2``) and reported; «ПРИМЕР» paragraphs are
  attached to their clause; part 7 (terminology) becomes glossary entries.
* ``import_glossary_rst`` — the Sphinx ``.. glossary::`` file.

Nothing is dropped silently: every line that cannot be placed becomes a ``Problem`` (file:line)
in ``Imported.problems``.  rulings.store stores a result in SQLite with FTS (Datasette browses
it); ``read_clauses`` reads it back for lookup.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable

from berserk.errors import InputError, Location, Problem
from berserk.text import fold
from berserk.vocab import Strength
from rulings.model import Clause, GlossaryEntry, is_number


@dataclass
class Imported:
    """What an importer produced from one file, and what it could not place."""

    book: str
    source: str
    clauses: list[Clause] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)     # unplaced or doubtful lines
    repeated: list[str] = field(default_factory=list)         # numbers the document repeats

    def note(self, line: int | None, message: str) -> None:
        self.problems.append(Problem(Location(self.source, line), message))

    def __len__(self) -> int:
        return len(self.clauses) + len(self.glossary)

    def by_id(self) -> dict[str, Clause]:
        return {c.id: c for c in self.clauses}


NUMBERED_LINE = re.compile(r"^(\d{3}(?:\.\d{1,3})*)\.?\s*(.*)$")
IMG_ONLY = re.compile(r"^(?:\[IMG\]\s*)+$")


def _clean_md(line: str) -> str:
    """A markdown line without heading marks, emphasis around the start and ``\\.`` escapes."""
    s = re.sub(r"^#{1,6}\s*", "", line.strip())
    s = s.replace("\\.", ".").replace("\\-", "-").replace("\\*", "*")
    s = re.sub(r"^(\*\*|__)(\d[\d.]*)\1?", r"\2", s)     # **104.1** … → 104.1 …
    return s.strip()


def _parent_of(number: str, known, part: str | None) -> str | None:
    """The nearest existing ancestor number (106.1.1 → 106.1 → 106), else the part."""
    parts = number.split(".")
    while len(parts) > 1:
        parts.pop()
        cand = ".".join(parts)
        if cand in known:
            return cand
    return part


# ── classic seed documents ───────────────────────────────────────────────────────────────────

# The strike table's words → the judge's outcome codes (plain strings: they go to YAML).
STRIKE_WORDS = {s.masc: s.value for s in Strength} | {"промах": "miss"}
STRIKE_GROUPS = (("в пользу нападающего", "attacker_higher"), ("в пользу отражающего", "defender_higher"),
                 ("одинаковые", "equal"), ("разница на кубиках 0", "equal"))

# Headings (and «Метка:» paragraph labels) of the classic overview documents → clause ids.
# Short titles only; a heading not listed here leaves its paragraphs unplaced (and reported).
CLASSIC_HEADINGS = {
    "правила проведения сражений": "514", "золотые правила": "golden", "правило топора": "axe", "правило легальности": "legality",
    "правило сведения броска": "roll-clamp",
    "колоды": "deck", "для игры требуется": "deck",
    "формирование боевых отрядов": "squad", "3. формирование отрядов": "squad",
    "определение количества магических кристаллов": "squad.crystals", "1. начало игры": "squad.crystals",
    "влияние стихий на набор отряда": "squad.elements",
    "очередность хода": "turn.order", "выбор первого хода": "turn.order", "2. очередность хода": "turn.order",
    "зоны в игре берсерк": "field", "другие игровые зоны": "field", "4. поле боя и расстановка карт": "field",
    "поле боя и расстановка карт": "placement", "поле боя и расстановка сил": "placement",
    "начало битвы": "placement",
    "ход первого игрока": "turn", "5. ход первого игрока": "turn", "ход игрока": "turn", "существа": "turn",
    "ход второго игрока": "turn.hidden-row", "6. ход второго игрока": "turn.hidden-row",
    "7. продолжение боя": "turn.start",
    "движение": "movement", "действие": "action.close", "использование особенности": "action.close",
    "использование отдельных особенностей за": "action.close",
    "жизни": "wounds.death", "раны": "wounds.death",
    "атака": "attack", "атаки": "attack", "таблица особенностей": "attack.ranged",
    "нападение простым ударом": "attack.strike", "принять удар": "attack.strike",
    "нападение простым ударом на открытую карту": "attack.strike",
    "нападение простым ударом на закрытую карту": "attack.strike",
    "таблица ударов": "attack.strike", "сила": "attack.strike", "кубик": "attack.strike",
    "назначить защитника": "attack.defender",
    "1. направленность": "attack.direct", "2. безответность": "attack.unanswerable",
    "3. вампиризм": "attack.vampirism", "4. + х к удару": "attack.bonus",
    "особый удар": "attack.special", "выстрел": "attack.shot", "метание": "attack.throw",
    "удар через ряд": "attack.uchr", "магический удар": "attack.magic", "разряд": "attack.discharge",
    "воздействие": "effect.named", "заклинание": "effect.spell", "особенность": "effect",
    "добивание на х": "effect.finishing", "отравление на х": "effect.poison",
    "фишки": "counters", "использование фишек": "counters",
    "использование внезапных действий": "instant",
    "летающие существа": "flyers", "летающий": "flyers", "полет": "flyers",
    "симбиоты": "symbiote", "симбиот": "symbiote", "подтипы существ": "flyers",
    "экипировка": "equipment", "артефакт": "artifact", "местность": "terrain",
}
# Paragraphs that continue whatever clause came before them.
CONTINUATION_LABELS = ("обратите внимание", "например")


def _heading_key(text: str) -> str:
    s = fold(text).strip().rstrip(":").strip()
    s = re.sub(r"[\"«»“”„()]", "", s)
    s = re.sub(r"\s+", " ", s)
    s = re.sub(r"\s*править$", "", s)        # wiki edit links left in seed 001's headings
    return s.rstrip(".").strip()


def _label_of(paragraph: str) -> str | None:
    """The «Метка:» or «1. Метка.» prefix of a paragraph, if it is a known heading."""
    m = re.match(r"^([^:.]{2,60}?)\s*[:(]", paragraph) or re.match(r"^(\d\.\s*[^.]{2,40})\.", paragraph)
    if m and _heading_key(m.group(1)) in CLASSIC_HEADINGS:
        return CLASSIC_HEADINGS[_heading_key(m.group(1))]
    return None


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
    return len(line) < 70 and not line.endswith((".", ";", ",", "»")) and "\t" not in line


def _is_strike_table(rows) -> bool:
    return any("нападающий наносит" in fold(" ".join(cells)) for _l, cells in rows)


def import_seed(text: str, book: str = "classic", source: str = "<seed>") -> Imported:
    """Classic plain-text rules: numbered clauses, the strike table, headed sections.

    A paragraph belongs to the last numbered clause, known heading or known «Метка:» label above
    it; after an unknown heading nothing is placed until a known one comes, and each such line is
    reported (seed 000 also carries unrelated documents: they all end up in the report).
    """
    out = Imported(book=book, source=source)
    texts: dict[str, list[str]] = {}
    tables: dict[str, list[tuple[int, list[str]]]] = {}
    titles: dict[str, str] = {}
    current: str | None = None
    unknown_heading = "начало файла"

    def start(cid: str, title: str = "") -> None:
        if cid not in texts:
            texts[cid] = []
            if title:
                titles[cid] = title

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        m = SEED_CLAUSE.match(line)
        if m:
            number, body = m.group(1), m.group(2)
            if number in texts:
                out.repeated.append(number)
                out.note(lineno, f"номер {number} повторяется в документе")
            current = number
            start(number)
            texts[number].append(body)
            continue
        if TRAILER.match(line):
            out.note(lineno, f"служебная строка документа не размещена: {line[:40]}")
            continue
        if "\t" in raw and current is not None:
            tables.setdefault(current, []).append((lineno, [c.strip() for c in raw.split("\t")]))
            continue
        key = _heading_key(line)
        if key in CLASSIC_HEADINGS and len(line) < 80:
            current = CLASSIC_HEADINGS[key]
            start(current, line.rstrip(":"))
            continue
        label = _label_of(line)
        if label:
            current = label
            start(current)
            texts[current].append(line)
            continue
        if _is_heading(line) and not (current and is_number(current)):
            current, unknown_heading = None, line
            out.note(lineno, f"заголовок «{line[:50]}» не сопоставлен ни одному пункту")
            continue
        if current is None:
            out.note(lineno, f"абзац не размещён (раздел «{unknown_heading[:50]}»): {line[:40]}…")
            continue
        texts[current].append(line)
    # A numbered block (514.1 …) gets its head clause (514) even when the document has no line for it.
    for number in [n for n in texts if is_number(n) and "." in n]:
        head = number.split(".")[0]
        if head not in texts:
            texts = {**{head: []}, **texts} if not texts else _insert_before(texts, number, head)
    _place_sentences(texts)
    known = set(texts)
    for cid, paragraphs in texts.items():
        body = "\n\n".join(p for p in paragraphs if p)
        data = None
        if cid in tables:
            strike = parse_strike_table(tables[cid], out) if _is_strike_table(tables[cid]) else None
            data = {"strike_table": strike} if strike else {"rows": [c for _l, c in tables[cid]]}
            body = (body + "\n\n" + "\n".join("\t".join(cells) for _l, cells in tables[cid])).strip()
        parent = _parent_of(cid, known, None) if is_number(cid) else None
        out.clauses.append(Clause(book=book, id=cid, parent=parent, title=titles.get(cid, ""),
                                  text=body or None, source=source, data=data,
                                  kind="section" if is_number(cid) and "." not in cid else "clause"))
    return out


# Narrow rules live inside broader paragraphs: a sentence of a placed paragraph that matches one
# of these patterns is also filed under the narrower clause ((where it may come from), pattern, id).
SENTENCE_RULES = (
    (("squad", "squad.crystals"), r"элитн", "squad.elite"),
    (("squad", "squad.crystals", "squad.elements"), r"нейтральн", "squad.neutral"),
    (None, r"летающ.{0,60}кристалл|кристалл.{0,60}летающ|пятнадцати кристалл", "squad.flyers"),
    (None, r"втор\w*.{0,40}(?:получает|дополнительно).{0,40}кристалл", "squad.second-player"),
    (None, r"пересда", "squad.redeal"),
    (("placement", "field"), r"^первый игрок|первый игрок\s*,?\s*который", "placement.first-player"),
    (("placement", "field"), r"^второй игрок", "placement.second-player"),
    (("placement", "field"), r"больше 9 карт|заполнил доступные", "placement.overflow"),
    (("placement", "field"), r"летающ|местност|симбиот|экипировк", "placement.special"),
    (None, r"бестелесн", "incorporeal"),
    (None, r"побежда", "victory"),
)


def _place_sentences(texts: dict[str, list[str]]) -> None:
    for where, pattern, target in SENTENCE_RULES:
        found: list[str] = []
        for cid, paragraphs in texts.items():
            if cid == target or (where is not None and cid not in where):
                continue
            for para in paragraphs:
                for sentence in re.split(r"(?<=[.!?])\s+", para):
                    if re.search(pattern, fold(sentence)) and sentence not in found:
                        found.append(sentence)
        if found:
            texts.setdefault(target, [])
            texts[target].extend(s for s in found if s not in texts[target])


def _insert_before(d: dict, before: str, key: str) -> dict:
    out = {}
    for k, v in d.items():
        if k == before:
            out[key] = []
        out[k] = v
    return out


# ── «Берсерк. Герои» full rules (markdown converted from docx) ─────────────────────────────

PART_HEADING = re.compile(r"^Часть\s+(\d+)\.\s*(.*)$")
TOC_LINK = re.compile(r"^\[(.+?)\s+(\d+)\]\(#_Toc\d+\)$")
EXAMPLE = re.compile(r"^(?:\*\*|_)?ПРИМЕР", re.I)
TERM_LINE = re.compile(r"^\*\*(.+?)\*\*\s*(.*)$")
# The terminology part of the full rules is a glossary, not clauses.
TERMINOLOGY_PART = "Терминология"


def _md_inline(text: str) -> str:
    """Readable text: markdown emphasis removed, escapes undone, [IMG] kept as a marker."""
    s = text.replace("\\.", ".").replace("\\-", "-").replace("\\*", "*")
    s = re.sub(r"\*\*(.+?)\*\*", r"\1", s)
    s = re.sub(r"(?<!\w)_(.+?)_(?!\w)", r"\1", s)
    return s.strip()


def import_heroes_markdown(text: str, book: str = "heroes-15", source: str = "<rules.md>") -> Imported:
    """The full «Берсерк. Герои» rules: parts, sections, clauses, sub-clauses, examples, terms.

    The clause level comes from the number (``101`` section, ``101.1`` clause, ``106.1.1``
    sub-clause), never from the markdown heading level, which the conversion scrambles.
    """
    out = Imported(book=book, source=source)
    lines = text.splitlines()
    clauses: dict[str, dict] = {}          # id → mutable fields while reading
    toc: dict[str, tuple[int, str]] = {}
    part: str | None = None
    current: str | None = None
    in_toc = False
    in_terms = False
    images = 0

    def open_clause(cid: str, lineno: int, **fields) -> None:
        nonlocal current
        clauses[cid] = {"id": cid, "line": lineno, "paras": [], "examples": [], **fields}
        current = cid

    for lineno, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        line = _clean_md(raw)
        if IMG_ONLY.match(line):
            images += 1
            continue
        if line == "Оглавление":
            in_toc = True
            continue
        link = TOC_LINK.match(line)
        if in_toc and link:
            title = _md_inline(link.group(1))
            m = re.match(r"^(\d{3})\.?\s*(.*)$", title)
            if m:
                toc[m.group(1)] = (lineno, m.group(2).strip())
            continue
        pm = PART_HEADING.match(line)
        if pm:
            in_toc = False
            part = f"part-{pm.group(1)}"
            title = _md_inline(pm.group(2)).rstrip(".")
            in_terms = title.startswith(TERMINOLOGY_PART)
            open_clause(part, lineno, parent=None, kind="part", title=f"Часть {pm.group(1)}. {title}")
            continue
        if in_toc:
            out.note(lineno, f"строка оглавления не разобрана: {line[:50]}")
            continue
        if part is None:
            # front matter (authors, introduction): kept as one clause rather than dropped
            if "intro" not in clauses:
                open_clause("intro", lineno, parent=None, kind="front", title="Вступление")
            clauses["intro"]["paras"].append(_md_inline(line))
            continue
        if in_terms:
            tm = TERM_LINE.match(line)
            if tm:
                term = _md_inline(tm.group(1)).rstrip(". ")
                out.glossary.append(GlossaryEntry(book=book, term=term, text=_md_inline(tm.group(2)).lstrip(". ") or None,
                                                  source=f"{source}:{lineno}"))
            elif out.glossary and out.glossary[-1].source.startswith(source):
                last = out.glossary[-1]
                out.glossary[-1] = replace(last, text=((last.text or "") + "\n" + _md_inline(line)).strip())
            else:
                out.note(lineno, f"строка терминологии без термина: {line[:50]}")
            continue
        nm = NUMBERED_LINE.match(line)
        if nm and not line.startswith(("1)", "2)")):
            number, body = nm.group(1), _md_inline(nm.group(2))
            cid = number
            if number in clauses:
                k = 2
                while f"{number}#{k}" in clauses:
                    k += 1
                cid = f"{number}#{k}"
                first = clauses[number]["line"]
                out.repeated.append(number)
                out.note(lineno, f"номер {number} повторяется в документе (первый раз — строка {first}); "
                                 f"сохранён как {cid}")
            parent = _parent_of(number, clauses, part)
            if "." in number and parent == part:
                out.note(lineno, f"у пункта {number} нет родителя {number.rsplit('.', 1)[0]}; "
                                 f"прикреплён к {part}")
            if "." not in number:
                open_clause(cid, lineno, parent=part, kind="section", title=body.rstrip("."))
            else:
                kind = "clause" if number.count(".") == 1 else "subclause"
                open_clause(cid, lineno, parent=parent, kind=kind, title="")
                clauses[cid]["paras"].append(body)
            continue
        if current is None:
            out.note(lineno, f"текст вне пунктов не размещён: {line[:50]}")
            continue
        paras = clauses[current]["paras"]
        if EXAMPLE.match(line):
            clauses[current]["examples"].append(_md_inline(line))
        elif line.startswith("|") and paras and paras[-1].startswith("|"):
            paras[-1] += "\n" + _md_inline(line)        # markdown table rows stay one block
        else:
            paras.append(_md_inline(line))

    for number, (lineno, title) in toc.items():
        if number not in clauses:
            out.note(lineno, f"раздел {number} есть в оглавлении, но не найден в тексте")
        elif fold(title).rstrip(". ") != fold(clauses[number]["title"]).rstrip(". "):
            out.note(clauses[number]["line"], f"заголовок раздела {number} расходится с оглавлением: "
                                              f"«{clauses[number]['title']}» / «{title}»")
    if images:
        out.note(None, f"пропущено строк, состоящих только из изображений [IMG]: {images}")
    for c in clauses.values():
        out.clauses.append(Clause(book=book, id=c["id"], parent=c.get("parent"), kind=c["kind"],
                                  title=c.get("title", ""), text="\n\n".join(c["paras"]) or None,
                                  examples=tuple(c["examples"]), source=f"{source}:{c['line']}"))
    return out


# ── «Берсерк. Герои» glossary (Sphinx rst) ──────────────────────────────────────────────────

RST_TERM = re.compile(r"^\s{1,4}\*\*(.+?)\*\*\s*(.*)$")
RST_ROLE = re.compile(r":term:`([^`]+)`")


def import_glossary_rst(text: str, book: str = "heroes-15", source: str = "<glossary.rst>") -> Imported:
    """``.. glossary::`` blocks: a bold term line, then its indented definition.

    ``:term:`X``` references become plain text, and the referenced terms are kept as ``refs``.
    """
    out = Imported(book=book, source=source)
    entries: list[dict] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        stripped = raw.strip()
        if (stripped.startswith((".. glossary", "---", "===")) or re.fullmatch(r"\*\*\w\*\*", stripped)
                or (lineno <= 2 and not raw.startswith(" "))):
            continue
        tm = RST_TERM.match(raw)
        if tm and raw.startswith(" ") and len(raw) - len(raw.lstrip()) <= 4 and not raw.startswith("    "):
            entries.append({"term": _md_inline(tm.group(1)).rstrip(". "), "line": lineno,
                            "paras": [tm.group(2).strip()] if tm.group(2).strip() else []})
            continue
        if raw.startswith("   ") and entries:
            entries[-1]["paras"].append(stripped)
            continue
        out.note(lineno, f"строка глоссария не размещена: {stripped[:50]}")
    for e in entries:
        body = " ".join(e["paras"])
        refs = tuple(r.rstrip(". ") for r in RST_ROLE.findall(body))
        body = RST_ROLE.sub(lambda m: m.group(1), body)
        out.glossary.append(GlossaryEntry(book=book, term=e["term"], text=_md_inline(body) or None,
                                          refs=refs, source=f"{source}:{e['line']}"))
    return out


# ── choosing an importer for a file ─────────────────────────────────────────────────────────

def import_file(path: str | Path, book: str) -> Imported:
    """Import ``path`` into ``book``, choosing the reader by the file's form.

    ``.rst`` → glossary; ``.md`` → heroes markdown; anything else → the classic seed format.
    An unreadable file is an ``InputError`` naming the file.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise InputError.at(f"файл правил не читается: {err}", str(path)) from None
    if path.suffix == ".rst":
        result = import_glossary_rst(text, book, path.name)
    elif path.suffix == ".md":
        result = import_heroes_markdown(text, book, path.name)
    else:
        result = import_seed(text, book, path.name)
    result.problems.sort(key=lambda p: p.location.line or 0)
    if not result.clauses and not result.glossary:
        raise InputError.at("в файле не найдено ни одного пункта правил и ни одного термина", str(path), 1)
    return result


import_book = import_file


# ── the shipped index of a numbered book, generated from the official file ────────────────

def _term_pattern(term: str) -> re.Pattern:
    """A folded term as a loose Russian-inflection pattern («Защитник» → «защитн\\w*»)."""
    words = [w for w in re.findall(r"\w+", fold(term)) if w not in ("х", "x")]
    parts = [re.escape(w[:max(4, len(w) - 2)] if len(w) > 4 else w) + r"\w*" for w in words]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts)) if parts else re.compile(r"(?!x)x")


def index_document(imported: Imported, glossary: Iterable[GlossaryEntry], title: str,
                   max_keywords: int = 6) -> dict:
    """The shipped index (``rulings/books/<book>.yaml``) for an imported numbered book.

    Only the project's own material: ids, parents, kinds, section and part titles (short
    headings), and keyword lists made of glossary *terms* that occur in each clause — never a
    sentence of the official text.  Glossary terms are listed with the clauses that define them
    (the clause text starts with the term, or a section is titled by it).
    """
    terms = sorted({g.term for g in glossary}, key=len, reverse=True)
    patterns = [(t, _term_pattern(t)) for t in terms]
    bodies = {c.id: fold(" ".join(filter(None, [c.title, c.text]))) for c in imported.clauses}
    # A term found in more than a tenth of the clauses («карта», «игрок») says nothing about one.
    patterns = [(t, p) for t, p in patterns
                if sum(1 for b in bodies.values() if p.search(b)) <= len(bodies) / 10]
    clauses = []
    defined: dict[str, list[str]] = {}
    for c in imported.clauses:
        entry: dict = {"id": c.id}
        if c.parent:
            entry["parent"] = c.parent
        if c.kind != "clause":
            entry["kind"] = c.kind
        if c.title:
            entry["title"] = c.title
        body = bodies[c.id]
        hits = sorted(((p.search(body).start(), t) for t, p in patterns if p.search(body)))
        keywords = []
        for _at, term in hits:
            if fold(term) not in (fold(k) for k in keywords):
                keywords.append(term)
        if keywords:
            entry["keywords"] = keywords[:max_keywords]
        head = fold((c.title if c.kind == "section" else (c.text or "")[:80]))
        for term, pattern in patterns:
            m = pattern.match(head)
            if m and (c.kind == "section" or re.match(r"\W*(–|-|—|это|\.)", head[m.end():])):
                defined.setdefault(term, []).append(c.id)
        entry["source"] = f"{imported.source.split(':')[0]} п. {c.id}" if c.kind != "part" else imported.source
        clauses.append(entry)
    glossary_index = [{"term": t, **({"refs": defined[t]} if t in defined else {})}
                      for t in sorted({g.term for g in glossary}, key=fold)]
    return {"book": imported.book, "title": title, "clauses": clauses, "glossary": glossary_index}


def write_index(doc: dict, path: Path, header: str) -> None:
    import yaml

    class _Dumper(yaml.SafeDumper):
        pass

    def _list(dumper, data):            # keyword lists on one line keep the index readable
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)

    _Dumper.add_representer(list, _list)
    lines = []
    for key in ("book", "title"):
        lines.append(yaml.dump({key: doc[key]}, Dumper=_Dumper, allow_unicode=True, width=200))
    for key in ("clauses", "glossary"):
        lines.append(f"{key}:\n")
        for item in doc[key]:
            lines.append(yaml.dump([item], Dumper=yaml.SafeDumper, allow_unicode=True, sort_keys=False,
                                   width=200, default_flow_style=None))
    text = "".join(lines)
    path.write_text(header + text, encoding="utf-8")


if __name__ == "__main__":          # regenerate the shipped heroes-15 index from the user's copy
    import sys

    rules_md, glossary_rst, target = (Path(a) for a in sys.argv[1:4])
    rules = import_heroes_markdown(rules_md.read_text(encoding="utf-8"), source=rules_md.name)
    gl = import_glossary_rst(glossary_rst.read_text(encoding="utf-8"), source=glossary_rst.name)
    doc = index_document(rules, gl.glossary, "«Берсерк. Герои», Полные правила, 15-я редакция (31.05.2024)")
    write_index(doc, target, "# The project's own index of «Берсерк. Герои» full rules, 15th edition (book `heroes-15`).\n"
                "# Generated by `python -m rulings.importers RULES.md GLOSSARY.rst rulings/books/heroes-15.yaml`:\n"
                "# numbers, parents, part/section headings and keyword lists of glossary terms — no official\n"
                "# sentence.  The official text shows once `berserk db build … --rules FILE --book heroes-15` imports it.\n")
    print(f"{target}: {len(doc['clauses'])} пунктов, {len(doc['glossary'])} терминов")
