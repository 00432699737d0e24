"""Building the card DB: cards → one SQLite file, atomically, with sqlite-utils.

    >>> from carddb.build import build_db
    >>> report = build_db("cards.db", ["carddb/examples/cards.yaml"])      # doctest: +SKIP
    >>> report.counts["cards"]                                             # doctest: +SKIP
    32

The file is written under a temporary name next to the target, fsynced and renamed over it only
when everything succeeded (carddb.atomic: a lock per target, stale temp files removed, stop
signals clean up), so a failed or killed build never leaves a half-written DB and never touches
the previous one.  Rows are inserted in a stable order (source order), so the same inputs give
the same rows; only ``meta.build_time`` and ``meta.build_id`` differ between two builds.

Tables (docs/carddb.md has the column list):

cards         one row per card: stats as columns, canonical text (NULL = unknown), folded copies
              for matching, ``keywords`` (JSON array) and the typed flag, the URL parts
              ``set_slug``/``card_key`` (/cards/voyna-stihiy/12)
card_list     what the web's card list shows: one row per card, Russian column names, human
              values (элита «да»/«нет», способности in words) — facets and sorting run on it
abilities     one row per top-level ability: kind, node class, typed flag, the common params as
              columns (damage weak/medium/strong, range, amount), canonical JSON and span
card_keywords one row per feature found anywhere in a card's ability tree (an attack inside an
              activated ability, a protection inside «Строй» …) with its strongest damage,
              range and amount, and its Russian ``label``: what the search language's ability
              terms and the web's ability facet query
sets         name, card count, source file
parse_issues  what the grammar left untyped (Opaque / unknown icons) and what readers repaired
meta          build time, grammar hash, source file hashes, counts
cards_fts     FTS5 over the folded name and text (case and ё/е folded)
"""
from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Callable, Iterable, Sequence

import sqlite_utils

from berserk.errors import InputError, Location, Problem
from berserk.text import fold
from carddb.atomic import replacing
from carddb.model import Card, name_key, parse_key, strike_text
from carddb.present import keyword_label, parsed_abilities_tree
from carddb.sources import read_cards
from carddb.store import SCHEMA_VERSION
from grammar import ast as A
from grammar import Vocabulary, grammar_hash, parse


#: Columns copied into ``card_index`` (see ``_create_schema``); the search language uses these.
CARD_INDEX_COLUMNS = ("id", "name_fold", "set_fold", "cost", "life", "move", "move_text",
                      "strike", "strike_strong", "elite", "uniq", "card_type", "rarity_fold",
                      "element_key", "class_key", "keyword_key")
_INT_INDEX_COLUMNS = {"id", "cost", "life", "move", "strike_strong", "elite", "uniq"}

# Node classes that are parts of a larger thing, not features a player searches for.
_PART_NODES = (A.Fixed, A.ByStrength, A.Variable, A.Cost, A.Limit, A.Selector, A.Duration,
               A.Condition, A.Trigger, A.Sequence_, A.Measure, A.Define)
_PART_NAMES = {"Relation"}                  # part classes of newer grammars, by name


def bundled_examples() -> Path:
    """The project's own example cards (package data)."""
    return Path(str(resources.files("carddb").joinpath("examples/cards.yaml")))


@dataclass
class BuildReport:
    path: str
    counts: dict[str, int] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    seconds: float = 0.0


# ---------------------------------------------------------------- row makers
def _strongest(d) -> int | None:
    values = [v for v in A.damage_values(d) if v is not None]
    return max(values) if values else None


def node_params(node) -> dict:
    """damage weak/medium/strong, range and amount of a node (the first that has them)."""
    out = {"damage_weak": None, "damage_medium": None, "damage_strong": None,
           "range": None, "amount": None}
    for n in A.walk(node):
        if isinstance(n, A.Attack):
            if out["damage_weak"] is None and n.damage is not None:
                (out["damage_weak"], out["damage_medium"],
                 out["damage_strong"]) = A.damage_values(n.damage)
            if out["range"] is None and n.range is not None:
                out["range"] = n.range
        elif isinstance(n, (A.Poison, A.Finishing, A.Wound, A.Heal, A.Bonus, A.Reduction)):
            amount = getattr(n, "amount", None)
            if out["amount"] is None and amount is not None:
                out["amount"] = _strongest(amount)
        elif isinstance(n, A.Keyword) and n.value is not None and out["amount"] is None:
            out["amount"] = n.value
        elif isinstance(n, A.Vampirism) and n.amount is not None and out["amount"] is None:
            out["amount"] = _strongest(n.amount)
    return out


def features_of(abilities: Iterable) -> list[dict]:
    """card_keywords rows (without card id): every searchable node anywhere in the trees."""
    rows: list[dict] = []
    for ability in abilities:
        for n in A.walk(ability):
            if isinstance(n, (*_PART_NODES, A.Opaque)) or type(n).__name__ in _PART_NAMES:
                continue
            row = {"keyword": str(n.kind), "strongest": None, "range": None, "amount": None}
            if isinstance(n, A.Attack):
                row["strongest"] = _strongest(n.damage) if n.damage is not None else None
                row["range"] = n.range
            elif isinstance(n, (A.Poison, A.Finishing)):
                row["strongest"] = row["amount"] = _strongest(n.amount)
            elif isinstance(n, A.Keyword):
                row["amount"] = n.value
            elif isinstance(n, A.Vampirism) and n.amount is not None:
                row["amount"] = _strongest(n.amount)
            rows.append(row)
            if isinstance(n, A.Protection):
                for against in n.against:
                    rows.append({"keyword": f"protection:{against}", "strongest": None,
                                 "range": None, "amount": None})
    for row in rows:
        row["label"] = keyword_label(row["keyword"])
        row["player"] = int(row["keyword"] not in _STRUCTURE_KINDS)
    return rows


def card_features(card: Card) -> list[dict]:
    """Facts of the card itself that the search treats as abilities (a flyer «has flight»)."""
    return [{"keyword": k, "strongest": None, "range": None, "amount": None,
             "label": keyword_label(k), "player": 1} for k in card.type_keywords]


@lru_cache(maxsize=16384)
def _derived(text: str, name: str | None, vocabulary: Vocabulary | None = None):
    """Everything the DB stores about one parsed text (rows without card ids), computed once
    per ``parse_key``: the replicated bench corpus and reprints share it.  ``vocabulary``: the
    list's card names and class names (a name used in another card's text reads as that card,
    the card's own name used as a class as that class)."""
    parsed = parse(text, name=name, vocabulary=vocabulary)
    abilities_rows, issues, all_abilities = [], [], []
    for line in parsed.lines:
        for position, ability in enumerate(line.abilities):
            all_abilities.append(ability)
            abilities_rows.append({
                "line": line.index, "position": position, "kind": ability.kind,
                "node": type(ability).__name__, "typed": int(A.is_typed(ability)),
                **node_params(ability), "json": A.to_json(ability),
                "span_start": ability.span.start, "span_end": ability.span.end,
                "text": parsed.text[ability.span.start:ability.span.end] or line.text,
            })
        for opaque in line.opaque_nodes():
            issues.append({"kind": "opaque" if isinstance(opaque, A.Opaque) else "unknown_icon",
                           "line": line.index, "detail": getattr(opaque, "text", None)
                           or getattr(opaque, "icon", "")})
    tree = parsed_abilities_tree(parsed)
    return (tuple(abilities_rows), tuple(issues), tuple(features_of(all_abilities)),
            parsed.typed, tree)


# ---------------------------------------------------------------- URLs: /cards/<set>/<card>
_TRANSLIT = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                     ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n",
                      "o", "p", "r", "s", "t", "u", "f", "h", "ts", "ch", "sh", "sch", "", "y", "",
                      "e", "yu", "ya"]))


def slugify(text: str) -> str:
    """«Война стихий» → «voyna-stihiy»: Latin letters, digits and dashes only."""
    out = "".join(_TRANSLIT.get(ch, ch) for ch in text.casefold())
    out = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in out)
    return "-".join(filter(None, out.split("-"))) or "x"


def card_keys(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """(set slug, card key) per card, unique: the card's number within its set when that is
    unique there, else its name slug (made unique by its position when even that repeats)."""
    numbers: dict[tuple[str, int], int] = {}
    for card in cards:
        if card.number is not None:
            numbers[(card.set, card.number)] = numbers.get((card.set, card.number), 0) + 1
    set_slugs: dict[str, str] = {}
    taken: set[str] = set()
    for name in dict.fromkeys(card.set for card in cards):
        slug = slugify(name)
        while slug in taken:
            slug += "-2"
        taken.add(slug)
        set_slugs[name] = slug
    used: set[tuple[str, str]] = set()
    out = []
    for position, card in enumerate(cards, start=1):
        slug = set_slugs[card.set]
        if card.number is not None and numbers[(card.set, card.number)] == 1:
            key = str(card.number)
        else:
            key = slugify(card.name)
            if (slug, key) in used or key.isdigit():
                key = f"{key}-{position}"
        used.add((slug, key))
        out.append((slug, key))
    return out


def _list_row(row: dict, card: Card, labels: list[str]) -> dict:
    """The card_list row: what a player reads in the list, Russian column names."""
    out = {
        "id": row["id"], "имя": card.name, "сет": card.set, "номер": card.number,
        "стихия": card.element, "тип": str(card.card_type), "стоимость": card.cost,
        "жизни": card.life, "ход": row["move_text"], "удар": row["strike"],
        "элита": "да" if card.elite else "нет", "уникальная": "да" if card.unique else "нет",
        "класс": ", ".join(card.classes) or None, "редкость": card.rarity,
        "способности": ", ".join(labels) or None,
        "name_fold": row["name_fold"], "set_slug": row["set_slug"], "card_key": row["card_key"],
    }
    # what the web's facets group by: one key per combination of facet values, one per set of
    # ability labels — a filtered list counts a few hundred keys instead of every card
    out["facet_key"] = json.dumps([out[c] for c in FACET_COLUMNS], ensure_ascii=False)
    out["ability_key"] = json.dumps(labels, ensure_ascii=False)
    return out


#: card_list columns (SQLite types); facets and sorting run on these
CARD_LIST_COLUMNS = {
    "id": int, "имя": str, "сет": str, "номер": int, "стихия": str, "тип": str,
    "стоимость": int, "жизни": int, "ход": str, "удар": str, "элита": str, "уникальная": str,
    "класс": str, "редкость": str, "способности": str, "name_fold": str, "set_slug": str,
    "card_key": str, "facet_key": str, "ability_key": str,
}
#: card_list columns the web facets on; ``facet_counts`` holds their counts over every card
FACET_COLUMNS = ("стихия", "тип", "стоимость", "элита", "редкость", "сет")
ABILITY_FACET = "способности"

#: labels a player does not search for (structure, not abilities): left out of «способности»
_STRUCTURE_KINDS = {"activated", "triggered", "static", "gain", "action", "choice",
                    "conditional", "sequence", "lose", "wound", "define", "label", "restriction",
                    "permission", "bonus", "reduction", "when_second", "when_first"}


def _card_rows(card: Card, card_id: int, source: str, source_index: int,
               slugs: tuple[str, str] = ("", ""), vocabulary: Vocabulary | None = None):
    who = {"card_id": card_id, "card_name": card.name}
    if card.text is not None:
        abil, opaque, feats, typed, tree = _derived(*parse_key(card.text, card.name), vocabulary)
    else:
        abil, opaque, feats, typed, tree = (), (), (), False, None
    abilities_rows = [{**who, **r} for r in abil]
    issues = [{**who, **r} for r in opaque]
    for repair in card.repairs:
        issues.append({**who, "kind": "source_repair", "line": None, "detail": repair})
    feats = [dict(f) for f in feats] + card_features(card)
    keywords = sorted({f["keyword"] for f in feats})
    row = {
        "id": card_id, "name": card.name, "name_fold": name_key(card.name),
        "set_name": card.set, "set_fold": fold(card.set), "number": card.number,
        "element": card.element, "elements": json.dumps(list(card.elements), ensure_ascii=False),
        "card_type": card.card_type, "cost": card.cost, "elite": int(card.elite),
        "uniq": int(card.unique), "life": card.life,
        "move": card.move if not isinstance(card.move, str) else None,
        "move_text": ("полёт" if card.flying else
                      (str(card.move) if card.move is not None else None)),
        "flying": int(card.flying), "strike": strike_text(card.strike),
        "strike_weak": card.strike[0] if card.strike else None,
        "strike_medium": card.strike[1] if card.strike else None,
        "strike_strong": card.strike[2] if card.strike else None,
        "classes": json.dumps(list(card.classes), ensure_ascii=False),
        "element_key": "|" + "|".join(card.elements) + "|",
        "class_key": "|" + "|".join(fold(c) for c in card.classes) + "|",
        "rarity": card.rarity, "rarity_fold": fold(card.rarity) if card.rarity else None, "text": card.text,
        "text_fold": fold(card.text) if card.text else None,
        "abilities_tree": tree,
        "text_known": int(card.text is not None), "typed": int(typed),
        "abilities_count": len(abilities_rows),
        "keywords": json.dumps(keywords, ensure_ascii=False),
        "keyword_key": "|" + "|".join(keywords) + "|",
        "source": source, "source_index": source_index,
        "set_slug": slugs[0], "card_key": slugs[1],
    }
    for f in feats:
        f["card_id"] = card_id
    labels = sorted({f["label"] for f in feats if f["keyword"] not in _STRUCTURE_KINDS})
    return row, abilities_rows, feats, issues, _list_row(row, card, labels)


# ---------------------------------------------------------------- schema
def _create_schema(db: sqlite_utils.Database) -> None:
    db["cards"].create({
        "id": int, "name": str, "name_fold": str, "set_name": str, "set_fold": str,
        "number": int, "element": str, "elements": str, "card_type": str, "cost": int,
        "elite": int, "uniq": int, "life": int, "move": int, "move_text": str, "flying": int,
        "strike": str, "strike_weak": int, "strike_medium": int, "strike_strong": int,
        "classes": str, "element_key": str, "class_key": str, "keyword_key": str, "rarity": str, "rarity_fold": str, "text": str,
        "abilities_tree": str, "text_fold": str, "text_known": int,
        "typed": int, "abilities_count": int, "keywords": str, "source": str,
        "source_index": int, "set_slug": str, "card_key": str,
    }, pk="id", not_null={"name", "card_type"})
    db["card_list"].create(CARD_LIST_COLUMNS, pk="id", foreign_keys=[("id", "cards", "id")])
    db["abilities"].create({
        "id": int, "card_id": int, "card_name": str, "line": int, "position": int, "kind": str,
        "node": str, "typed": int, "damage_weak": int, "damage_medium": int,
        "damage_strong": int, "range": int, "amount": int, "json": str, "span_start": int,
        "span_end": int, "text": str,
    }, pk="id", foreign_keys=[("card_id", "cards", "id")])
    db["card_keywords"].create({
        "id": int, "card_id": int, "keyword": str, "strongest": int, "range": int, "amount": int,
        "label": str, "player": int,
    }, pk="id", foreign_keys=[("card_id", "cards", "id")])
    db["sets"].create({"name": str, "cards": int, "source": str}, pk="name")
    db["parse_issues"].create({"id": int, "card_id": int, "card_name": str, "kind": str,
                               "line": int, "detail": str}, pk="id",
                              foreign_keys=[("card_id", "cards", "id")])
    db["meta"].create({"key": str, "value": str}, pk="key")
    # The narrow copy of the columns a search filters and sorts on.  Searches run here and read
    # the wide ``cards`` rows (texts, trees) only for the page of results: at 35,000 cards,
    # candidate lookups into wide rows were what kept the p95 above 10 ms.
    db["card_index"].create({column: int if column in _INT_INDEX_COLUMNS else str
                             for column in CARD_INDEX_COLUMNS}, pk="id",
                            foreign_keys=[("id", "cards", "id")])


def _create_indexes(db: sqlite_utils.Database) -> None:
    db["cards"].create_index(["name_fold"])
    # covering, in result order: a filter-only search walks it and stops after LIMIT matches
    db["card_index"].create_index([c for c in CARD_INDEX_COLUMNS if c != "id"],
                                  index_name="card_index_search")
    db["cards"].create_index(["set_fold", "name_fold"], unique=True)
    for column in ("cost", "life", "card_type", "element"):
        db["cards"].create_index([column])
    db["abilities"].create_index(["card_id"])
    db["abilities"].create_index(["kind"])
    db["card_keywords"].create_index(["keyword", "strongest", "amount", "card_id"])
    db["card_keywords"].create_index(["card_id"])
    db["card_keywords"].create_index(["range", "card_id"])
    db["card_keywords"].create_index(["player", "label", "card_id"])
    db["card_keywords"].create_index(["label", "card_id"])
    db["cards"].create_index(["set_slug", "card_key"], unique=True)
    # the web's card list: sorted by name, faceted on the human columns (counts from indexes)
    # and sorted by any column: each sortable column has its index (a page of a sort is then
    # a walk of that index, as is every «next page» of it)
    for columns in (["name_fold"], ["стихия"], ["тип"], ["стоимость"], ["элита"],
                    ["редкость"], ["сет"], ["жизни"], ["уникальная"], ["имя"], ["номер"],
                    ["ход"], ["удар"]):
        db["card_list"].create_index(columns)
    db["parse_issues"].create_index(["card_id"])
    # The folded copies make the search language ё/е-blind; the originals are indexed too so
    # that Datasette's search box (which passes the query through unfolded) finds «ёж» typed
    # with ё in a text that writes ё.
    db["cards"].enable_fts(["name", "text", "name_fold", "text_fold"], fts_version="FTS5",
                           tokenize="unicode61 remove_diacritics 2", create_triggers=False)
    # the words of every name and text: «did you mean» for a search word matching nothing
    db.execute("CREATE VIRTUAL TABLE cards_fts_vocab USING fts5vocab(cards_fts, 'row')")


def _facet_tables(db: sqlite_utils.Database) -> None:
    """What the web's facets read: ``card_abilities`` (card, ability label — each once, the
    player's labels only) and ``facet_counts`` (facet, value, cards) over the whole list, so
    the unfiltered card list counts nothing when it is shown."""
    db.execute("CREATE TABLE card_abilities (card_id INTEGER NOT NULL REFERENCES cards(id), "
               "label TEXT NOT NULL, PRIMARY KEY (card_id, label)) WITHOUT ROWID")
    db.execute("INSERT INTO card_abilities SELECT DISTINCT card_id, label FROM card_keywords "
               "WHERE player = 1")
    db.execute("CREATE INDEX idx_card_abilities_label ON card_abilities (label, card_id)")
    # ``value`` without a declared type keeps numbers numbers (стоимость 3, not «3»)
    db.execute("CREATE TABLE facet_counts (facet TEXT NOT NULL, value, cards INTEGER NOT NULL)")
    for column in FACET_COLUMNS:
        db.execute(f"INSERT INTO facet_counts SELECT ?, [{column}], count(*) FROM card_list "
                   f"WHERE [{column}] IS NOT NULL GROUP BY [{column}]", [column])
    db.execute("INSERT INTO facet_counts SELECT ?, label, count(*) FROM card_abilities "
               "GROUP BY label", [ABILITY_FACET])


# ---------------------------------------------------------------- the build
def read_all(sources: Sequence[str | Path], format: str | None = None):
    """Read every source; raise one InputError listing every problem of every file."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    cards: list[tuple[Card, str, int]] = []
    seen: dict[tuple[str, str], str] = {}
    for source in sources:
        result = read_cards(source, format=format)
        problems.extend(result.problems)
        warnings.extend(result.warnings)
        for index, card in enumerate(result.cards):
            key = (fold(card.set), fold(card.name))
            if key in seen and seen[key] != str(source):
                problems.append(Problem(Location(str(source)), f"карта «{card.name}»: имя "
                                        f"повторяется в сете «{card.set}» (уже есть в {seen[key]})"))
                continue
            seen.setdefault(key, str(source))
            cards.append((card, str(source), index))
    if problems:
        raise InputError(problems)
    return cards, warnings


def file_hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


#: Writes more tables into the DB being built, inside its one transaction (``db build --rules``
#: adds the rulebook clauses this way: rulings.store.clause_writer).  Returns counts that are
#: added to the build report; its warnings go to the list it was created with.
TableWriter = Callable[[sqlite_utils.Database], dict[str, int]]

#: ``progress(done, total)``: cards parsed so far (the build's long part on a big list).
Progress = Callable[[int, int], None]


def build_db(out: str | Path, sources: Sequence[str | Path] | None = None,
             format: str | None = None, writers: Sequence[TableWriter] = (),
             progress: Progress | None = None,
             on_wait: Callable[[], None] | None = None) -> BuildReport:
    """Build the DB at ``out`` from ``sources`` (default: the bundled examples).

    ``writers`` add more tables in the same transaction (carddb knows nothing of what they
    write; the command layer composes them).  ``progress(done, total)`` is called as cards are
    parsed; ``on_wait()`` once if another build of ``out`` holds the lock (this one waits)."""
    started = time.perf_counter()
    sources = list(sources) if sources else [bundled_examples()]
    cards, warnings = read_all(sources, format)
    with replacing(out, on_wait=on_wait) as tmp:
        counts = _write(tmp, cards, sources, writers, progress)
    return BuildReport(str(out), counts, warnings, time.perf_counter() - started)


def _write(tmp: Path, cards, sources, writers: Sequence[TableWriter],
           progress: Progress | None = None) -> dict[str, int]:
    tmp.unlink(missing_ok=True)
    db = sqlite_utils.Database(tmp)
    db.conn.execute("pragma journal_mode = off")
    db.conn.execute("pragma synchronous = off")
    with db.conn:
        _create_schema(db)
        card_rows, ability_rows, feature_rows, issue_rows, list_rows = [], [], [], [], []

        sets: dict[str, dict] = {}
        slugs = card_keys([card for card, _source, _index in cards])
        vocabulary = Vocabulary.of((card.name for card, _s, _i in cards),
                                   (c for card, _s, _i in cards for c in card.classes))
        for card_id, (card, source, index) in enumerate(cards, start=1):
            row, abil, feats, issues, listed = _card_rows(card, card_id, source, index,
                                                          slugs[card_id - 1], vocabulary)
            if progress is not None and (card_id % 250 == 0 or card_id == len(cards)):
                progress(card_id, len(cards))
            card_rows.append(row)
            list_rows.append(listed)
            ability_rows.extend(abil)
            feature_rows.extend(feats)
            issue_rows.extend(issues)
            entry = sets.setdefault(card.set, {"name": card.set, "cards": 0,
                                               "source": Path(source).name})
            entry["cards"] += 1
        for table, table_rows in (("cards", card_rows), ("abilities", ability_rows),
                                  ("card_keywords", feature_rows), ("parse_issues", issue_rows),
                                  ("sets", list(sets.values())), ("card_list", list_rows),
                                  ("card_index", [{k: r[k] for k in CARD_INDEX_COLUMNS}
                                                  for r in card_rows])):
            _bulk_insert(db, table, table_rows)
        _create_indexes(db)
        _facet_tables(db)
        extra: dict[str, int] = {}
        for writer in writers:
            for key, n in writer(db).items():
                extra[key] = extra.get(key, 0) + n
        counts = {"cards": len(card_rows), "abilities": len(ability_rows),
                  "typed_abilities": sum(r["typed"] for r in ability_rows),
                  "cards_text_unknown": sum(1 for r in card_rows if not r["text_known"]),
                  "cards_typed": sum(r["typed"] for r in card_rows if r["text_known"]),
                  "parse_issues": len(issue_rows), "sets": len(sets), "clauses": 0, **extra}
        meta = {
            "schema_version": SCHEMA_VERSION,
            "build_id": secrets.token_hex(8),
            "build_time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "grammar_hash": grammar_hash(),
            "sources": json.dumps([{"file": Path(s).name, "sha256": file_hash(s)}
                                   for s in sources], ensure_ascii=False),
            "counts": json.dumps(counts, ensure_ascii=False),
        }
        db["meta"].insert_all({"key": k, "value": v} for k, v in meta.items())
        db.conn.execute("analyze")          # planner statistics: the search plans depend on them
    db.conn.execute("pragma journal_mode = delete")
    db.conn.execute("vacuum") if len(card_rows) < 2000 else None
    db.conn.close()
    return counts


def _bulk_insert(db: sqlite_utils.Database, table: str, rows: list[dict]) -> None:
    """executemany over the table's columns.  sqlite-utils owns the schema, indexes and FTS;
    for the bulk rows its per-value type sniffing (``insert_all``) cost ~70% of a 35,000-card
    build, and every value here is already a plain str/int/None."""
    if not rows:
        return
    columns = [c.name for c in db[table].columns if c.name in rows[0] or c.name != "id"]
    columns = [c for c in columns if any(c in r for r in rows[:1])]
    sql = (f"INSERT INTO [{table}] ({', '.join(f'[{c}]' for c in columns)}) "
           f"VALUES ({', '.join('?' for _ in columns)})")
    db.conn.executemany(sql, [tuple(r.get(c) for c in columns) for r in rows])
