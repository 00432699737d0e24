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
from dataclasses import replace
from pathlib import Path
from typing import Iterable

from berserk import files
from berserk.errors import InputError
from berserk.text import fold
from rulings.model import Book, Clause, GlossaryEntry, Imported, parent_of
from rulings.seeds import import_seed

__all__ = ["Imported", "import_book", "import_file", "import_glossary_rst", "import_heroes_markdown",
           "import_seed", "index_document", "write_index"]


NUMBERED_LINE = re.compile(r"^(\d{3}(?:\.\d{1,3})*)\.?\s*(.*)$")
IMG_ONLY = re.compile(r"^(?:\[IMG\]\s*)+$")


def _clean_md(line: str) -> str:
    """A markdown line without heading marks, emphasis around the start and ``\\.`` escapes."""
    s = re.sub(r"^#{1,6}\s*", "", line.strip())
    s = s.replace("\\.", ".").replace("\\-", "-").replace("\\*", "*")
    s = re.sub(r"^(\*\*|__)(\d[\d.]*)\1?", r"\2", s)     # **104.1** … → 104.1 …
    return s.strip()


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
            parent = parent_of(number, clauses, part)
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

    ``.rst`` → glossary; ``.md`` → heroes markdown; anything else → the classic seed format,
    which only the ``classic`` book takes: a plain-text Heroes excerpt of another edition (seed
    002) numbers its clauses differently, and merged into ``heroes-15`` its 105.1 (card cost)
    would land in the 15th edition's 105.1 (card name).  An unreadable file is an
    ``InputError`` naming the file.
    """
    text = files.read_text(path, "файл правил")
    path = Path(files.label(path))
    if path.suffix == ".rst":
        result = import_glossary_rst(text, book, path.name)
    elif path.suffix == ".md":
        result = import_heroes_markdown(text, book, path.name)
    elif book != "classic":
        raise InputError.at(f"простой текст (.txt) читается только в книгу classic, не в {book}: номера "
                            "пунктов другой редакции попали бы в чужие пункты; для «Героев» нужен .md "
                            "полных правил 15-й редакции или .rst глоссария", str(path), 1)
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
                   max_keywords: int = 6, own: Book | None = None) -> dict:
    """The shipped index (``rulings/books/<book>.yaml``) for an imported numbered book.

    Only the project's own material: ids, parents, kinds, section and part titles (short
    headings), and keyword lists made of glossary *terms* that occur in each clause — never a
    sentence of the official text.  Glossary terms are listed with the clauses that define them
    (the clause text starts with the term, or a section is titled by it).

    ``own`` is the index shipped so far: what people wrote there survives a regeneration — the
    clause headings and one-line summaries in our words, the glossary terms' summaries and their
    reviewed ``refs`` (those pointing at a clause the new edition lacks are dropped).
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
        mine = own.clauses.get(c.id) if own is not None else None
        if c.title or (mine is not None and mine.title):
            entry["title"] = c.title or mine.title
        if mine is not None and mine.summary:
            entry["summary"] = mine.summary
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
    summaries: dict[str, str] = {}
    if own is not None:
        ids = {c.id for c in imported.clauses}
        for g in own.glossary:
            defined[g.term] = [r for r in g.refs if r in ids]
            summaries[g.term] = g.summary
    glossary_index = [{"term": t, **({"summary": summaries[t]} if summaries.get(t) else {}),
                       **({"refs": defined[t]} if defined.get(t) else {})}
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
