"""What the DB stores about each card text: its abilities' rows, Opaque parts, searchable
features and Russian tree, as value tuples without card ids (``carddb.build`` adds the ids).

The texts are parsed and turned into rows here, each distinct parse key once (``UnitRows``);
a list of many distinct texts is shared out to worker processes (one fork pool), each
normalising a canonical list's texts (the reader's normalise, moved here), parsing and
returning plain rows chunk by chunk, so the build uses the machine's cores — the rows are the
same either way.  A worker that dies or stalls is an error (``WorkerFailed``), never a hang.
"""
from __future__ import annotations

import ctypes
import gc
import re
import multiprocessing
import os
import signal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import fields
from functools import lru_cache
from typing import Callable, Iterable, Iterator, NamedTuple

from berserk.errors import InternalError
from grammar.ast.jsontext import json_and_nodes, to_json  # noqa: F401 - the API
from carddb.model import parse_key
from carddb.present import ability_tree, keyword_label
from grammar import Vocabulary, parse
from grammar import ast as A
from grammar.display import _ICON_RE, to_display
from grammar.render import indented_texts
from grammar.icons import normalise
from grammar.tokens import list_res

# Node classes that are parts of a larger thing, not features a player searches for.
_PART_NODES = (A.Fixed, A.ByStrength, A.Variable, A.Cost, A.Limit, A.Selector, A.Duration,
               A.Condition, A.Trigger, A.Sequence_, A.Measure, A.Define)
_PART_NAMES = {"Relation"}                  # part classes of newer grammars, by name



#: labels a player does not search for (structure, not abilities): left out of «способности»
STRUCTURE_KINDS = {"activated", "triggered", "static", "gain", "action", "choice",
                    "conditional", "sequence", "lose", "wound", "define", "label", "restriction",
                    "permission", "bonus", "reduction", "when_second", "when_first"}


# ---------------------------------------------------------------- one ability, by value
# A build of N cards walks every ability's tree for its typed flag, its params, its features,
# its Opaque parts, its JSON and its Russian tree.  ``grammar.ast.walk`` asks
# ``dataclasses.fields`` at every node; the walk here keeps each class's child fields once, and
# an ability's facts are computed once per distinct ability *value* (spans do not take part in
# a node's equality): reprints, the icon lines every nxt card starts with and the keyword
# sentences shared by thousands of cards are rendered and serialised once per build.
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _child_fields(cls: type) -> tuple[str, ...]:
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = _CHILD_FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name != "span")
    return names


def nodes_of(node) -> list:
    """``node`` and everything below it in ``grammar.ast.walk`` order (pre-order, fields in
    order, nodes inside tuples at any depth), as a list."""
    out: list = []
    _collect(node, out)
    return out


def _collect(node, out: list) -> None:
    out.append(node)
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, A.Node):
            _collect(value, out)
        elif isinstance(value, tuple):
            _collect_tuple(value, out)


def _collect_tuple(items: tuple, out: list) -> None:
    for item in items:
        if isinstance(item, A.Node):
            _collect(item, out)
        elif isinstance(item, tuple):
            _collect_tuple(item, out)


def _strongest(d) -> int | None:
    values = [v for v in A.damage_values(d) if v is not None]
    return max(values) if values else None


def node_params(node, nodes: list | None = None) -> dict:
    """damage weak/medium/strong, range and amount of a node (the first that has them)."""
    out = {"damage_weak": None, "damage_medium": None, "damage_strong": None,
           "range": None, "amount": None}
    for n in nodes if nodes is not None else nodes_of(node):
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


def _feature_rows(nodes: list) -> list[tuple]:
    """(keyword, strongest, range, amount) of every searchable node of one ability."""
    rows: list[tuple] = []
    for n in nodes:
        if isinstance(n, (*_PART_NODES, A.Opaque)) or type(n).__name__ in _PART_NAMES:
            continue
        strongest = rng = amount = None
        if isinstance(n, A.Attack):
            strongest = _strongest(n.damage) if n.damage is not None else None
            rng = n.range
        elif isinstance(n, (A.Poison, A.Finishing)):
            strongest = amount = _strongest(n.amount)
        elif isinstance(n, A.Keyword):
            amount = n.value
        elif isinstance(n, A.Vampirism) and n.amount is not None:
            amount = _strongest(n.amount)
        rows.append((str(n.kind), strongest, rng, amount))
        if isinstance(n, A.Protection):
            rows.extend((f"protection:{against}", None, None, None) for against in n.against)
    return rows


def _labelled(rows: Iterable[tuple]) -> list[tuple]:
    """Feature rows with their Russian label and the player flag (1: an ability a player
    filters on, 0: structure)."""
    return [(*row, label(row[0]), int(row[0] not in STRUCTURE_KINDS)) for row in rows]


#: a keyword's label is a function of the keyword (vocabulary lookups through enums: cached)
label = lru_cache(maxsize=4096)(keyword_label)


def features_of(abilities: Iterable) -> list[dict]:
    """card_keywords rows (without card id): every searchable node anywhere in the trees."""
    return [dict(zip(_FEATURE_KEYS, row)) for ability in abilities
            for row in _labelled(_feature_rows(nodes_of(ability)))]


_FEATURE_KEYS = ("keyword", "strongest", "range", "amount", "label", "player")


class _Facts(NamedTuple):
    """What the DB stores about one ability, spans aside (a named tuple: made per distinct
    ability of a 35,000-card build)."""
    head: tuple            # kind, node class, typed, damage weak/medium/strong, range, amount, json
    features: tuple        # card_keywords rows without card id
    issues: tuple          # (kind, detail) of each Opaque / Unknown part, in walk order
    tree: str              # its Russian tree, indented, in ``abilities_tree``
    keywords: frozenset    # the features' keywords
    labels: frozenset      # the features' player labels


def _facts(ability) -> _Facts:
    text, nodes = json_and_nodes(ability)
    untyped, params, features = _walk_facts(nodes)
    head = (ability.kind, type(ability).__name__, int(not untyped), *params, text)
    tree = _tree(ability)
    if untyped:
        cut = tree.find("\n")
        tree = (tree + _UNTYPED if cut < 0 else tree[:cut] + _UNTYPED + tree[cut:])
    issues = tuple(("opaque" if isinstance(n, A.Opaque) else "unknown_icon",
                    getattr(n, "text", None) or getattr(n, "icon", "")) for n in untyped)
    features = tuple(_labelled(features))
    return _Facts(head, features, issues, tree, frozenset([f[0] for f in features]),
                  frozenset([f[4] for f in features if f[0] not in STRUCTURE_KINDS]))


_UNTYPED = "  [не разобрано полностью]"


# What ``_facts`` asks of each node, by class (asked once per class): untyped (Opaque /
# Unknown), its part in ``node_params`` and in ``_feature_rows`` (None: not a feature).
_ATTACK, _AMOUNT, _KEYWORD, _VAMPIRISM, _POISON, _FEATURE = range(6)
_ROLES: dict[type, tuple] = {}


def _role(cls: type) -> tuple:
    def isa(*classes) -> bool:
        return issubclass(cls, classes)
    untyped = isa(A.Opaque, A.Unknown)
    param = (_ATTACK if isa(A.Attack) else
             _AMOUNT if isa(A.Poison, A.Finishing, A.Wound, A.Heal, A.Bonus, A.Reduction) else
             _KEYWORD if isa(A.Keyword) else _VAMPIRISM if isa(A.Vampirism) else None)
    feature = (None if isa(*_PART_NODES, A.Opaque) or cls.__name__ in _PART_NAMES else
               _ATTACK if isa(A.Attack) else _POISON if isa(A.Poison, A.Finishing) else
               _KEYWORD if isa(A.Keyword) else _VAMPIRISM if isa(A.Vampirism) else _FEATURE)
    role = _ROLES[cls] = (untyped, param, feature, isa(A.Protection))
    return role


def _walk_facts(nodes: list) -> tuple[list, tuple, list]:
    """The untyped nodes, ``node_params`` (as a tuple, in its key order) and ``_feature_rows``
    of one ability's nodes, in one pass."""
    untyped: list = []
    features: list = []
    weak = medium = strong = rng = amount = None
    for n in nodes:
        role = _ROLES.get(type(n)) or _role(type(n))
        if role[0]:
            untyped.append(n)
        param = role[1]
        if param is None:
            pass
        elif param == _ATTACK:
            if weak is None and n.damage is not None:
                weak, medium, strong = A.damage_values(n.damage)
            if rng is None and n.range is not None:
                rng = n.range
        elif amount is None:
            if param == _AMOUNT:
                value = getattr(n, "amount", None)
                if value is not None:
                    amount = _strongest(value)
            elif param == _KEYWORD:
                amount = n.value
            elif n.amount is not None:                  # _VAMPIRISM
                amount = _strongest(n.amount)
        feature = role[2]
        if feature is None:
            continue
        row = None
        if feature == _ATTACK:
            row = (str(n.kind), _strongest(n.damage) if n.damage is not None else None,
                   n.range, None)
        elif feature == _POISON:
            value = _strongest(n.amount)
            row = (str(n.kind), value, None, value)
        elif feature == _KEYWORD:
            row = (str(n.kind), None, None, n.value)
        elif feature == _VAMPIRISM and n.amount is not None:
            row = (str(n.kind), None, None, _strongest(n.amount))
        features.append(row or (str(n.kind), None, None, None))
        if role[3]:
            features.extend((f"protection:{against}", None, None, None) for against in n.against)
    return untyped, (weak, medium, strong, rng, amount), features


def _shown(text: str) -> str:
    """``to_display(text)``; a text without «{» has no icon code (most lines), and each
    code's symbol is looked up once."""
    return _ICON_CODE.sub(_symbol, text) if "{" in text else text


def _symbol(match: re.Match) -> str:
    code = match.group(1)
    found = _SYMBOLS.get(code)
    if found is None:
        found = _SYMBOLS[code] = to_display(match.group(0))
    return found


_ICON_CODE = _ICON_RE
_SYMBOLS: dict[str, str] = {}


#: The characters other than «\n» at which ``str.splitlines`` cuts a line too.
_LINE_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def _tree(ability) -> str:
    r"""``"\n".join("  " + t for t in ability_tree(ability, 1).splitlines())``: the rendered
    lines, indented, with their icons shown in one ``to_display`` pass over them all (an icon
    code never spans a line) instead of one a line, joined and cut again."""
    rendered = indented_texts(ability, 2)
    shown = _shown("\n".join(rendered))
    if _LINE_BREAKS.search(shown) is not None or shown.count("\n") != len(rendered) - 1:
        # (a line break of the card's own text inside a line: as splitlines cuts it)
        return "\n".join("  " + t for t in ability_tree(ability, 1).splitlines())
    return shown


class TextRows(NamedTuple):
    """Everything the DB stores about one parsed text (rows without card ids): computed once
    per ``parse_key``, shared by reprints and by the replicated bench corpus.  (A named tuple:
    it pickles back from the workers as it is.)"""
    abilities: tuple       # abilities rows from ``line`` on
    issues: tuple          # parse_issues rows from ``kind`` on
    features: tuple        # card_keywords rows from ``keyword`` on
    typed: bool
    tree: str | None
    keywords: tuple        # sorted keywords of the features
    labels: tuple          # sorted player labels of the features


class _RowMaker:
    """One build's memo of ability facts and text rows."""

    def __init__(self) -> None:
        self.facts: dict = {}
        self.texts: dict = {}
        # The parser hands out the very same ability object for a sentence it has read before
        # at the same place (3 of 4 repeats of a 5,000-text list): looked up by identity first,
        # without hashing and comparing the whole tree.  (The object is held, so its id stays
        # its own.)
        self.same: dict[int, tuple] = {}
        self.parsed = 0                     # texts parsed (a young collection every so many)

    def ability(self, ability) -> _Facts:
        seen = self.same.get(id(ability))
        if seen is not None and seen[0] is ability:
            return seen[1]
        try:
            found = self.facts.get(ability)
        except TypeError:                   # a node holding an unhashable value: no memo
            return _facts(ability)
        if found is None:
            found = self.facts[ability] = _facts(ability)
        self.same[id(ability)] = (ability, found)
        return found

    def text(self, key, parsed) -> TextRows:
        found = self.texts.get(key)
        if found is None:
            found = self.texts[key] = self._text(parsed)
        return found

    def _text(self, parsed) -> TextRows:
        abilities, issues, features, tree = [], [], [], []
        keywords, labels = set(), set()
        typed = True
        text = parsed.text
        ability_facts = self.ability
        for line in parsed.lines:
            index = line.index
            tree.append(f"{index + 1}. {_shown(line.text)}")
            for position, ability in enumerate(line.abilities):
                facts = ability_facts(ability)
                head = facts[0]
                span = ability.span
                start, end = span.start, span.end
                abilities.append((index, position, *head, start, end,
                                  text[start:end] or line.text))
                if not head[2]:
                    typed = False
                if facts[2]:
                    issues.extend([(kind, index, detail) for kind, detail in facts[2]])
                if facts[1]:
                    features.extend(facts[1])
                    keywords.update(facts[4])
                    labels.update(facts[5])
                tree.append(facts[3])
        return TextRows(tuple(abilities), tuple(issues), tuple(features), typed,
                        "\n".join(tree), tuple(sorted(keywords)), tuple(sorted(labels)))


NO_TEXT = TextRows((), (), (), False, None, (), ())


# ---------------------------------------------------------------- parse + rows, over the list
#: Below this many distinct texts the build stays in one process (a worker's start and the
#: rows' trip back cost more than they save); ``BERSERK_BUILD_JOBS`` sets the worker count
#: (1: one process), else one per core, at most ``MAX_JOBS``.
PARALLEL_FROM = 4000
MAX_JOBS = 4
#: With the cyclic GC off (the build), a generation-0 collection every this many texts.
YOUNG_EVERY = 1000
#: A chunk is this share of the units not yet given out, per process (so the chunks get
#: shorter towards the end, and no process is left waiting long for the last one) …
CHUNK_SHARE = 1 / 6
#: … and at least this many units.
CHUNK_MIN = 100
#: A worker that answers no chunk for this long is taken as stalled: the build stops with an
#: error (a chunk is a few seconds of work).
STALL_SECONDS = 300.0
#: How long stopping waits for the killed workers (and the pool's thread) to end.
STOP_SECONDS = 10.0
_WORK: dict = {}                    # what the forked workers inherit: the vocabulary

#: One text to parse: the text as its cards carry it, whether it is still to be normalised (a
#: canonical list read with ``read_cards(..., normalised=False)``: the reader's
#: ``normalise(text).text``, done here) and the distinct names of the cards that carry it.
Unit = tuple[str, bool, tuple[str, ...]]


class WorkerFailed(InternalError):
    """A worker process died or stalled: the build stops with this error, never hangs."""


def _died(n: int, total: int, err: BaseException) -> WorkerFailed:
    return WorkerFailed(f"процесс разбора текстов завершился аварийно (часть {n} из {total}: "
                        f"{err}); сборка остановлена — BERSERK_BUILD_JOBS=1 собирает в одном "
                        "процессе")


def jobs(distinct: int) -> int:
    """How many processes parse ``distinct`` texts."""
    wanted = os.environ.get("BERSERK_BUILD_JOBS")
    if wanted is not None and wanted.strip().isdigit():
        n = max(1, int(wanted))
    else:
        n = min(os.cpu_count() or 1, MAX_JOBS) if distinct >= PARALLEL_FROM else 1
    if n > 1 and "fork" not in multiprocessing.get_all_start_methods():
        return 1                    # (spawn would pickle the vocabulary and the grammar anew)
    return n


class UnitRows:
    """The units' normalised texts, parse keys and rows, chunk by chunk in the units' order.

        with UnitRows(units, vocabulary) as parsed:
            for done, rows in parsed:   # done: [(text, (parse key per name))] per unit
                ...                     # rows: {parse key: TextRows (or its plain tuple)}

    ``vocabulary``: the list's card names and class names (a name used in another card's text
    reads as that card, the card's own name used as a class as that class).  A list of
    ``PARALLEL_FROM`` units or more is shared out to worker processes (``jobs``), forked once
    when the block starts (before the caller opens its DB) — each normalises (a raw unit),
    finds the parse keys, parses and makes the rows; the answers are the same as in one
    process.  Each chunk is yielded as soon as it and the ones before it are back: the
    caller's work between two chunks (the build makes and inserts the cards' rows there) runs
    while the workers parse on.  A worker that dies or answers nothing for ``STALL_SECONDS``
    raises ``WorkerFailed``; leaving the block on any exception (a stop signal too) kills the
    workers.  ``spent``: seconds of normalise, parse and rows, summed over the processes."""

    def __init__(self, units: list, vocabulary: Vocabulary, workers: int | None = None):
        self.units, self.vocabulary = units, vocabulary
        self.workers = jobs(len(units)) if workers is None else workers
        self.chunks = _chunks(units, max(1, self.workers))
        self.spent = {"normalise": 0.0, "parse": 0.0, "rows": 0.0}
        self.pool = None
        self.futures: list = []

    def __enter__(self) -> "UnitRows":
        if self.workers > 1:
            _WORK["vocabulary"] = self.vocabulary
            _warm(self.vocabulary)                      # built once, inherited by every worker
            try:
                self.pool = ProcessPoolExecutor(self.workers,
                                                mp_context=multiprocessing.get_context("fork"),
                                                initializer=_worker_start,
                                                initargs=(os.getpid(),))
                # (the workers fork at the first submit, before the pool starts a thread)
                for n, chunk in enumerate(self.chunks, start=1):
                    try:
                        self.futures.append(self.pool.submit(_chunk_rows, chunk))
                    except BrokenProcessPool as err:
                        # a worker died before every chunk was handed out: the pool refuses
                        # the rest — the same error as when its chunk is awaited
                        raise _died(n, len(self.chunks), err) from None
            except BaseException:
                self._stop()
                raise
            finally:
                _WORK.clear()
        else:
            self.maker = _RowMaker()
        return self

    def __iter__(self) -> Iterator[tuple[list, dict]]:
        if self.pool is None:
            for chunk in self.chunks:
                done, rows, times = _units_rows(chunk, self.vocabulary, self.maker)
                self._add(times)
                yield done, rows
            return
        for n, future in enumerate(self.futures, start=1):
            try:
                done, rows, times = future.result(timeout=STALL_SECONDS)
            except FutureTimeout:
                raise WorkerFailed(f"процесс разбора текстов не ответил за {STALL_SECONDS:.0f} с "
                                   f"(часть {n} из {len(self.futures)}); сборка остановлена — "
                                   "BERSERK_BUILD_JOBS=1 собирает в одном процессе") from None
            except BrokenProcessPool as err:
                raise _died(n, len(self.futures), err) from None
            self._add(times)
            yield done, rows

    def _add(self, times: dict[str, float]) -> None:
        for k, v in times.items():
            self.spent[k] += v

    def __exit__(self, exc_type, exc, tb) -> None:
        if self.pool is not None:
            if exc_type is None:
                self.pool.shutdown(wait=True)
            else:
                self._stop()
            self.pool = None

    def _stop(self) -> None:
        """Kill the workers (an error, a stop signal): nothing is left running or waiting.

        The pool's own thread reaps the workers too once it sees them die (it joins every
        worker before it ends): it is joined first, so that only one thread waits for each
        worker.  (Joined side by side, one thread's ``waitpid`` could take the exit status
        while the other's got ECHILD — that one's ``join`` then returned without marking the
        worker finished, and ``multiprocessing.active_children()`` still listed it until the
        pool's thread next ran.)"""
        pool = self.pool
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()                  # (a no-op for a worker already reaped)
        if manager is not None:
            manager.join(STOP_SECONDS)
        for process in processes:
            process.join(STOP_SECONDS)


def _chunks(units: list, processes: int) -> list[list]:
    """The units cut into chunks, in order: each ``CHUNK_SHARE`` of what is left per process
    (a twelfth of them each in one process: the caller's progress)."""
    if processes == 1:
        size = max(50, -(-len(units) // 12))
        return [units[i:i + size] for i in range(0, len(units), size)]
    out, at = [], 0
    while at < len(units):
        size = max(CHUNK_MIN, int((len(units) - at) * CHUNK_SHARE / processes))
        out.append(units[at:at + size])
        at += size
    return out


def _worker_start(parent: int) -> None:
    """A worker's signals: the build's stop handlers (carddb.atomic) are the parent's — a
    worker dies on SIGTERM/SIGHUP, leaves Ctrl-C to the parent (which kills it) and, on Linux,
    dies with the parent (kill -9 of a build leaves no worker holding its lock)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


def _warm(vocabulary: Vocabulary) -> None:
    """What every worker would build for itself on its first text: the LALR table and the
    lexicon's tables (~0.5 s), and the list vocabulary's index."""
    parse("Броня 1.", canonical=True)
    normalise("Броня 1.")
    if vocabulary.names:
        list_res(vocabulary)


def _chunk_rows(units: list) -> tuple[list, dict, dict[str, float]]:
    """In a worker: ``_units_rows`` with the rows as plain tuples (a named tuple pickles
    through a Python call each way), one memo of abilities and texts from chunk to chunk (the
    chunks get short at the end)."""
    maker = _WORK.get("maker")
    if maker is None:
        maker = _WORK["maker"] = _RowMaker()
    done, rows, times = _units_rows(units, _WORK["vocabulary"], maker)
    return done, {k: tuple(r) for k, r in rows.items()}, times


def _units_rows(units: list, vocabulary: Vocabulary,
                maker: "_RowMaker") -> tuple[list, dict, dict[str, float]]:
    """Per unit (its text, normalised if raw; the parse key of each name) and the rows of each
    key, with the seconds spent normalising, parsing and making rows."""
    done, rows = [], {}
    normalising = parsing = making = 0.0
    for text, raw, names in units:
        t0 = time.perf_counter()
        if raw:
            text = normalise(text).text         # the canonical reader's (carddb.sources)
        t1 = time.perf_counter()
        normalising += t1 - t0
        keys = tuple(parse_key(text, name) for name in names)
        for key in keys:
            if key in rows:
                continue
            found = maker.texts.get(key)
            if found is None:
                t1 = time.perf_counter()
                parsed = parse(*key, vocabulary=vocabulary, canonical=True)   # (normalised)
                t2 = time.perf_counter()
                found = maker.text(key, parsed)
                making += time.perf_counter() - t2
                parsing += t2 - t1
                maker.parsed += 1
                if maker.parsed % YOUNG_EVERY == 0 and not gc.isenabled():
                    gc.collect(0)       # the garbage cycles of the last texts (see carddb.build)
            rows[key] = found
        done.append((text, keys))
    return done, rows, {"normalise": normalising, "parse": parsing, "rows": making}


def rows_from(value) -> TextRows:
    """``TextRows`` of a worker's answer (a plain tuple of the same fields is made one)."""
    return value if isinstance(value, TextRows) else _as_text_rows(TextRows, value)


_as_text_rows = tuple.__new__           # (TextRows._make without its length check: C)
