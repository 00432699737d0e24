"""The card site: Datasette with the project's pages, search language and serving layer.

    python -m carddb.web --db cards.db --fd 3     # what ``berserk serve`` runs (carddb.serve)

Pages (templates in carddb/datasette/templates, Russian, no scripts):

=============================  =========================================================
``/``                          home: the search box, the sets, links to the help pages
``/cards/card_list``           the card list (Datasette's table view on ``card_list``):
                               player columns, facets on human values; ``?_search=`` runs
                               the project's search language (carddb.search — the same
                               compiled WHERE as ``berserk search``), ``?_ability=`` is the
                               abilities facet
``/cards/<set>/<card>``        a card: stats as a card, text with icon symbols, abilities in
                               Russian, each attack or keyword linked to its clause
``/rules/<book>/<id>``         a clause of the project's rule index (+ the official text when
                               imported with ``db build --rules``)
``/help/search``, ``/help/icons``  the search syntax, the icon legend
=============================  =========================================================

Everything else is plain Datasette (tables for maintainers, canned queries, JSON).  The DB is
served as «cards» whatever the file is called; the file's path is never shown (carddb.live).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import sys
import threading
from collections import Counter, OrderedDict
from pathlib import Path
from urllib.parse import urlencode

import uvicorn
import yaml
from markupsafe import Markup
from datasette import hookimpl
from datasette.app import Datasette, DatasetteClient
from datasette.database import Database, QueryInterrupted
from datasette.facets import Facet
from datasette.filters import FilterArguments, Filters
from datasette.plugins import pm
from datasette.utils import path_with_added_args, path_with_removed_args
from datasette.utils.asgi import Base400, NotFound, Response
from datasette.views.base import DatasetteError

from berserk.errors import BerserkError
from berserk.text import fold, plural
from berserk.vocab import AttackKind, KeywordName
from carddb.build import ABILITY_FACET, FACET_COLUMNS
from carddb.finder import suggest_words, term_words
from carddb.live import Live, Pins, check_db
from carddb.present import abilities_html, keyword_label
from carddb.search import compile_named
from grammar import ast as A
from grammar.display import LEGEND, to_html

DB_NAME = "cards"
#: terms that name a rule of their own (attacks, effects); keywords link too
_LINKED_TERMS = tuple(str(k) for k in AttackKind.concrete_kinds()) + (
    "poison", "finishing", "vampirism", "named_effect", "spell")
#: table names a set slug must not shadow in /cards/<set>/<card>
_TABLE_WORDS = ("cards", "abilities", "sets", "meta", "clauses", "glossary")


def config_dir() -> Path:
    return Path(__file__).resolve().parent / "datasette"


def metadata() -> dict:
    return yaml.safe_load((config_dir() / "metadata.yaml").read_text(encoding="utf-8"))


class PinnedDatabase(Database):
    """Datasette's Database keeps its per-thread connections under the database *name*; two
    builds served one after the other under the name «cards» would then share connections.
    Here each object keeps its own, so a swapped-out build is never read by a new request."""

    def __init__(self, ds: Datasette, path: Path):
        super().__init__(ds, path=str(path), is_mutable=False)
        self.name = self.route = DB_NAME
        self._local = threading.local()

    async def execute_fn(self, fn):
        def in_thread():
            conn = getattr(self._local, "conn", None)
            if conn is None:
                conn = self.connect()
                self.ds._prepare_connection(conn, self.name)
                self._local.conn = conn
            return fn(conn)

        return await asyncio.get_running_loop().run_in_executor(self.ds.executor, in_thread)


class Site:
    """What the project adds to one Datasette instance: the live DB and the clause links."""

    def __init__(self, ds: Datasette, pins: Pins, stamp):
        self.ds = ds
        self.pins = pins
        self.stamp = stamp
        self.links: dict[str, str] = {}         # term → /rules/<book>/<id>
        self.facets: dict = {}                  # (build, filters) → facet rows (CardFacets)
        self.labels: dict[str, str] = {}        # /rules/<book>/<id> → an ability label

    async def search_clause(self, query: str) -> tuple[str, dict]:
        """The WHERE clause of ``query`` on card_list (ParseError for a bad query): the
        matching ids as one JSON parameter, computed once per build and query."""
        key = (getattr(self, "live", None) and self.live.version, query)
        cache = self.__dict__.setdefault("_clauses", OrderedDict())
        if key in cache:
            cache.move_to_end(key)
            return cache[key]
        sql, named = compile_named(query, "bq")
        db = self.ds.get_database(DB_NAME)
        rows = (await db.execute(f"select c.id from card_index c where {sql}", named)).rows
        clause = ("id in (select value from json_each(:bq_ids))",
                  {"bq_ids": json.dumps([r[0] for r in rows])})
        cache[key] = clause
        while len(cache) > _SEARCH_CACHE:
            cache.popitem(last=False)
        return clause

    async def install(self, pin: Path) -> None:
        """Serve ``pin`` from now on (called with no request in flight: carddb.live.Gate)."""
        new = PinnedDatabase(self.ds, pin)
        await new.table_counts(limit=60_000)
        self.links, self.labels = await rule_links(new)
        old = self.ds.databases.get(DB_NAME)
        if old is not None:
            self.ds.remove_database(DB_NAME)
        self.ds.add_database(new, name=DB_NAME, route=DB_NAME)
        if old is not None:
            old.close()
            if old.path and Path(old.path).parent == self.pins.dir:
                Path(old.path).unlink(missing_ok=True)


#: A search is run once per page: its ids go to every statement of the page (rows, count,
#: facets) as one JSON parameter — cheaper than the search's subquery in each of them at any
#: size (measured at 35,000 cards: 2,600 ids 57 → 13 ms, 30,000 ids 178 → 103 ms a page).
_SEARCH_CACHE = 256


def site_of(datasette) -> Site | None:
    return getattr(datasette, "_berserk_site", None)


def make_app(db_path: str | Path, cache: bool = True):
    """(the Datasette instance, the ASGI app with the serving layer) for ``db_path``."""
    if not pm.is_registered(sys.modules[__name__]):
        pm.register(sys.modules[__name__], name="berserk-site")
    pins = Pins(Path(db_path))
    pin, stamp = pins.make()
    ds = Datasette(metadata=metadata(), template_dir=str(config_dir() / "templates"),
                   static_mounts=[("berserk-static", str(config_dir() / "static"))],
                   settings={"default_page_size": 50, "sql_time_limit_ms": 1500,
                             "facet_time_limit_ms": 800, "suggest_facets": False,
                             "allow_download": False, "num_sql_threads": 4,
                             "max_returned_rows": 1000})
    site = Site(ds, pins, stamp)
    ds._berserk_site = site
    ds.add_database(PinnedDatabase(ds, pin), name=DB_NAME, route=DB_NAME)
    site.live = Live(None, pins, site.install, cache=cache)
    site.live.stamp, site.live.version = stamp, pins.version
    app = ds.app()                       # the asgi_wrapper hook puts site.live around it
    ds.client = DatasetteClient(ds)      # the client made in __init__ predates the site
    return ds, app


def datasette_app(db_path: str | Path, cache: bool = False) -> Datasette:
    """An in-process Datasette for tests (``.client``), configured as ``serve`` runs it; the
    serving layer (headers, hidden paths, swaps) applies through the asgi_wrapper hook."""
    ds, _app = make_app(db_path, cache=cache)
    return ds


async def rule_links(db: Database) -> tuple[dict[str, str], dict[str, str]]:
    """term → clause URL, by the term's Russian label: a clause titled so, else the one clause
    whose keywords name it (the classic book first)."""
    if not await db.table_exists("rule_index"):     # built without the rule index: no links
        return {}, {}
    # card terms link into the classic book (the cards are classic cards)
    rows = (await db.execute("select book, id, title, keywords from rule_index where book = "
                             "'classic' order by position")).rows
    by_title: dict[str, str] = {}
    by_keyword: dict[str, list[str]] = {}
    for book, cid, title, keywords in rows:
        url = f"/rules/{book}/{cid}"
        by_title.setdefault(fold(title or ""), url)
        for k in json.loads(keywords or "[]"):
            by_keyword.setdefault(fold(k), [])
            if url not in by_keyword[fold(k)]:
                by_keyword[fold(k)].append(url)
    terms = [r[0] for r in (await db.execute("select distinct keyword from card_keywords")).rows]
    links, labels = {}, {}
    for term in set(terms) | set(_LINKED_TERMS):
        if not (term in _LINKED_TERMS or KeywordName.get(term) is not None):
            continue
        label = fold(keyword_label(term))
        url = by_title.get(label)
        if url is None:
            candidates = by_keyword.get(label, [])
            url = candidates[0] if len(candidates) == 1 else None
        if url is not None:
            links[term] = url
            labels.setdefault(url, keyword_label(term))
    return links, labels


# ---------------------------------------------------------------- plugin hooks
@hookimpl
def asgi_wrapper(datasette):
    site = site_of(datasette)
    if site is None:
        return None

    def wrap(app):
        live = getattr(site, "live", None)
        if live is None:
            return app
        live.app = app
        return live
    return wrap


@hookimpl
def startup(datasette):
    site = site_of(datasette)
    if site is None:
        return None

    async def inner():
        site.links, site.labels = await rule_links(datasette.get_database(DB_NAME))
    return inner


@hookimpl
def prepare_jinja2_environment(env, datasette):
    env.filters["icons"] = lambda text: Markup(to_html(text or ""))     # to_html escapes
    env.filters["plural"] = lambda n, one, few, many: plural(int(n or 0), one, few, many)


@hookimpl
def register_routes(datasette):
    words = "|".join(_TABLE_WORDS)
    return [
        (r"^/$", home),
        (rf"^/{DB_NAME}/cards/(?P<id>\d+)$", card_by_id),
        (rf"^/{DB_NAME}/(?P<set>(?!(?:{words})$)[a-z0-9-]+)/(?P<key>[a-z0-9-]+)$", card_page),
        (r"^/rules/(?P<book>[a-z0-9-]+)/(?P<id>[^/]+)$", clause_page),
        (r"^/help/search$", help_search),
        (r"^/help/icons$", help_icons),
    ]


@hookimpl
def filters_from_request(request, database, table, datasette):
    """``_search`` (the project's search language) and ``_ability`` (the abilities facet) on
    the card list."""
    site = site_of(datasette)
    if site is None or table != "card_list":
        return None
    return lambda: project_filters(site, request)


async def project_filters(site: Site, request) -> FilterArguments:
    """The card list's own filters: the search language (``_search``) and abilities."""
    where, params, human, extra = [], {}, [], {}
    query = request.args.get("_search", "").strip()
    if query:
        try:
            clause, named = await site.search_clause(query)
            where.append(clause)
            params.update(named)
            human.append(f"по запросу «{query}»")
            extra["search_notes"] = [f"«{w}» — способность (по разбору текста); слово в "
                                     f"тексте ищет текст:{w}"
                                     for w in dict.fromkeys(term_words(query))]
        except BerserkError as err:
            where.append("0")
            extra["search_error"] = err.render()
    for i, label in enumerate(request.args.getlist("_ability")):
        where.append(f"id in (select card_id from card_abilities where label = :ab{i})")
        params[f"ab{i}"] = label
        human.append(f"способность «{label}»")
    return FilterArguments(where, params, human, extra)


@hookimpl
def register_facet_classes():
    return [CardFacets]


class CardFacets(Facet):
    """Every facet of the card list in one go (metadata: ``facets: [{cards: стихия}, …]``).

    The unfiltered list reads the counts the build stored (``facet_counts``); a filtered one
    (a search, a clicked value) reads its cards' facet columns once and their ability labels
    once (``card_abilities``) and counts them here, instead of a GROUP BY scan per facet."""

    type = "cards"

    async def suggest(self):
        return []

    async def facet_results(self):
        columns = [c["config"].get("simple") for c in self.get_configs()]
        site = site_of(self.ds)
        if self.table != "card_list" or not columns or site is None:
            return [], []
        size = self.get_facet_size()
        # facets describe the whole filtered list: not the page (_next), not its order
        pairs = sorted((k, v) for k in self.request.args for v in self.request.args.getlist(k)
                       if not (k.startswith("_") and "__" not in k))
        key = (site.live.version, tuple(pairs), self.request.args.get("_search", ""),
               tuple(self.request.args.getlist("_ability")), tuple(columns))
        cached = site.facets.get(key)
        if cached is None:
            cached = site.facets[key] = await self._results(columns, pairs)
            while len(site.facets) > _SEARCH_CACHE:
                site.facets.pop(next(iter(site.facets)))
        rows, timed_out = cached
        found: dict[str, list] = {c: [] for c in columns}
        for facet, value, count in rows:
            found.setdefault(facet, []).append((value, count))
        return [self._facet(column, list(found[column]), size) for column in columns], timed_out

    async def _results(self, columns: list[str], pairs: list) -> tuple[list, list]:
        """(facet, value, cards) rows of the filtered list, and the facets that timed out."""
        bits, params = Filters(pairs).build_where_clauses("card_list")
        own = await project_filters(site_of(self.ds), self.request)
        bits, params = bits + own.where_clauses, {**params, **own.params}
        if not bits:
            sql = ("select facet, value, cards from facet_counts where facet in (select value "
                   "from json_each(:facets))")
            try:
                return list((await self.ds.execute(self.database, sql, {"facets": json.dumps(
                    columns, ensure_ascii=False)})).rows), []
            except QueryInterrupted:
                return [], columns
        try:
            sql = f"select facet_key, ability_key from card_list where {' and '.join(bits)}"
            return await self._count(columns, sql, params), []
        except QueryInterrupted:
            return [], columns

    async def _count(self, columns: list[str], base: str, params: dict) -> list[tuple]:
        """(facet, value, cards) of the page's cards, from two GROUP BYs over keys the build
        stored per card (``facet_key``: the facet values, ``ability_key``: the ability
        labels): a few hundred groups to add up here instead of a scan per facet."""
        limit = self.ds.setting("facet_time_limit_ms")
        totals: dict[tuple, int] = Counter()
        if any(c in FACET_COLUMNS for c in columns):
            for key, n in (await self.ds.execute(
                    self.database, f"select facet_key, count(*) from ({base}) group by 1",
                    params, custom_time_limit=limit)).rows:
                for column, value in zip(FACET_COLUMNS, json.loads(key)):
                    if value is not None and column in columns:
                        totals[(column, value)] += n
        if ABILITY_FACET in columns:
            for key, n in (await self.ds.execute(
                    self.database, f"select ability_key, count(*) from ({base}) group by 1",
                    params, custom_time_limit=limit)).rows:
                for label in json.loads(key):
                    totals[(ABILITY_FACET, label)] += n
        return [(column, value, n) for (column, value), n in totals.items()]

    def _facet(self, column: str, values: list, size: int) -> dict:
        values.sort(key=lambda vc: (-vc[1], str(vc[0])))
        arg = "_ability" if column == ABILITY_FACET else column
        chosen = set(self.request.args.getlist(arg))
        results = []
        for value, count in values[:size]:
            on = str(value) in chosen
            toggle = (path_with_removed_args(self.request, {arg: str(value)}) if on
                      else path_with_added_args(self.request, {arg: value}))
            path, _, query = toggle.partition("?")      # a new filter starts at page 1
            query = "&".join(p for p in query.split("&") if p and not p.startswith("_next="))
            results.append({"value": value, "label": value, "count": count, "selected": on,
                            "toggle_url": self.ds.urls.path(path + ("?" + query if query else ""))})
        return {"name": column, "type": self.type, "hideable": False, "toggle_url": "",
                "results": results, "truncated": len(values) > size}


@hookimpl
def extra_template_vars(template, database, table, request, datasette):
    site = site_of(datasette)
    if site is None:
        return None

    async def inner():
        extra = {"berserk_nav": True}
        if table == "card_list" and request is not None and request.args.get("_search"):
            query = request.args["_search"]
            db = datasette.get_database(DB_NAME)
            try:
                extra["suggestions"] = await db.execute_fn(
                    lambda conn: suggest_words(conn, query))
            except BerserkError:
                extra["suggestions"] = []
        return extra
    return inner


@hookimpl
def handle_exception(datasette, request, exception):
    """Russian error pages, no tracebacks and no paths."""
    if site_of(datasette) is None:
        return None

    async def inner():
        if isinstance(exception, NotFound):
            status, title, message = 404, "Не найдено", "Такой страницы нет."
        elif isinstance(exception, QueryInterrupted):
            status, title = 400, "Слишком долгий запрос"
            message = "Запрос выполнялся дольше отведённого времени и остановлен; сузьте его."
        elif isinstance(exception, (Base400, DatasetteError)):
            status = getattr(exception, "status", 400)
            status = status if 400 <= status < 500 else 400          # the request's fault
            title, message = "Неверный запрос", _russian(str(getattr(exception, "message", "")
                                                            or exception.args[0]))
        elif isinstance(exception, BerserkError):
            status, title, message = 400, "Неверный запрос", exception.render()
        else:
            status, title = 500, "Ошибка сервера"
            message = "Страница не получилась из-за ошибки на сервере."
        if request.path.endswith(".json"):
            return Response.json({"ok": False, "error": message, "status": status}, status=status)
        html = await datasette.render_template("berserk_error.html", {
            "title": title, "message": message, "status": status}, request=request)
        return Response.html(html, status=status)
    return inner


def _russian(message: str) -> str:
    """Datasette's own messages users meet most, in Russian; others as a plain line."""
    if message.startswith("Cannot sort table by"):
        return "По этому столбцу сортировать нельзя."
    if "not found" in message.lower():
        return "Такой страницы нет."
    return "Сервер не понял запрос."


# ---------------------------------------------------------------- pages
async def _render(datasette, request, template: str, context: dict, status: int = 200):
    html = await datasette.render_template(template, context, request=request)
    return Response.html(html, status=status)


async def home(datasette, request):
    db = datasette.get_database(DB_NAME)
    sets = (await db.execute("select name, cards from sets order by name")).rows
    total = sum(r[1] for r in sets)
    examples = ["выстрел дальность>=3", "разряд стихия:горы", "есть:полёт стоимость<=4",
                "защита от выстрелов -элита:да", "удар>=5 жизни>=10"]
    return await _render(datasette, request, "berserk_home.html", {
        "sets": [{"name": n, "cards": c, "url": "/cards/card_list?" + urlencode({"сет": n})}
                 for n, c in sets],
        "total": total, "examples": [{"query": q, "url": "/cards/card_list?" + urlencode(
            {"_search": q})} for q in examples]})


async def card_by_id(datasette, request):
    db = datasette.get_database(DB_NAME)
    row = (await db.execute("select set_slug, card_key from cards where id = :id",
                            {"id": int(request.url_vars["id"])})).first()
    if row is None:
        raise NotFound("card")
    return Response.redirect(f"/{DB_NAME}/{row[0]}/{row[1]}")


def _abilities(rows) -> list:
    out = []
    for (data,) in rows:
        try:
            out.append(A.from_dict(json.loads(data)))
        except (KeyError, TypeError, ValueError):
            out.append(A.Opaque("(разбор записан другой версией грамматики: пересоберите базу)"))
    return out


async def card_page(datasette, request):
    site = site_of(datasette)
    db = datasette.get_database(DB_NAME)
    row = (await db.execute("select * from cards where set_slug = :s and card_key = :k",
                            {"s": request.url_vars["set"], "k": request.url_vars["key"]})).first()
    if row is None:
        raise NotFound("card")
    card = dict(zip(row.keys(), row))
    abilities = _abilities((await db.execute(
        "select json from abilities where card_id = :id order by line, position",
        {"id": card["id"]})).rows)
    html = abilities_html(abilities, site.links.get if site else None)
    return await _render(datasette, request, "berserk_card.html", {
        "card": card, "abilities_html": html,
        "classes": ", ".join(json.loads(card.get("classes") or "[]")),
        "text_lines": (card["text"] or "").splitlines(),
        "list_url": "/cards/card_list?" + urlencode({"сет": card["set_name"]})})


async def clause_page(datasette, request):
    site = site_of(datasette)
    db = datasette.get_database(DB_NAME)
    book, cid = request.url_vars["book"], request.url_vars["id"]
    row, children = None, []
    if await db.table_exists("rule_index"):
        row = (await db.execute("select * from rule_index where book = :b and id = :i",
                                {"b": book, "i": cid})).first()
        children = (await db.execute("select id, title from rule_index where book = :b and "
                                     "parent = :i order by position", {"b": book, "i": cid})).rows
    if row is None:
        raise NotFound("clause")
    clause = dict(zip(row.keys(), row))
    official = None
    if await db.table_exists("clauses"):     # the official text, when imported (--rules)
        text = (await db.execute("select text from clauses where book = :b and id = :i",
                                 {"b": book, "i": cid})).first()
        official = text[0] if text is not None else None
    parent = None
    if clause.get("parent"):
        p = (await db.execute("select id, title from rule_index where book = :b and id = :i",
                              {"b": book, "i": clause["parent"]})).first()
        parent = {"id": p[0], "title": p[1]} if p else None
    url = f"/rules/{book}/{cid}"
    label = site.labels.get(url) if site else None
    return await _render(datasette, request, "berserk_clause.html", {
        "clause": clause, "book": book, "children": [{"id": c[0], "title": c[1]} for c in children],
        "parent": parent, "official": official.split("\n\n") if official else [],
        "cards_url": ("/cards/card_list?" + urlencode({"_ability": label})) if label else None,
        "ability": label})


async def help_search(datasette, request):
    return await _render(datasette, request, "berserk_search_help.html", {})


async def help_icons(datasette, request):
    return await _render(datasette, request, "berserk_icons.html", {"legend": LEGEND})


# ---------------------------------------------------------------- the server process
def main(argv: list[str] | None = None) -> int:
    """Serve ``--db`` on the listening socket ``--fd`` (opened by ``berserk serve``) or on
    ``--host``/``--port``; SIGINT/SIGTERM stop it; the pins are removed on the way out."""
    ap = argparse.ArgumentParser(prog="python -m carddb.web")
    ap.add_argument("--db", required=True)
    ap.add_argument("--fd", type=int)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8001)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args(argv)
    problem = check_db(Path(args.db))
    if problem is not None:
        print(f"ошибка: {args.db}: {problem}", file=sys.stderr)
        return 2
    ds, app = make_app(args.db, cache=not args.no_cache)
    site = site_of(ds)
    sock = socket.socket(fileno=args.fd) if args.fd is not None else None
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning",
                            lifespan="off", access_log=False)
    server = uvicorn.Server(config)
    # uvicorn stops gracefully on SIGINT/SIGTERM and then re-raises the signal to the handler it
    # found: make that handler an exception, so the pins are removed before the process ends
    signal.signal(signal.SIGTERM, _stop)
    try:
        asyncio.run(_serve(ds, server, sock))
    except (KeyboardInterrupt, _Stopped):
        pass
    finally:
        site.pins.cleanup()
    return 0


class _Stopped(Exception):
    """SIGTERM arrived: a normal end of the server."""


def _stop(_signum, _frame):
    raise _Stopped()


async def _serve(ds: Datasette, server: uvicorn.Server, sock: socket.socket | None) -> None:
    await ds.invoke_startup()
    # a closed terminal (SIGHUP) stops the server the same graceful way as SIGTERM
    asyncio.get_running_loop().add_signal_handler(
        signal.SIGHUP, lambda: setattr(server, "should_exit", True))
    await server.serve(sockets=[sock] if sock is not None else None)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
