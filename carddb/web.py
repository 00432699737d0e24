"""The card site: Datasette with the project's pages, search language and serving layer.

    python -m carddb.web --db cards.db --fd 3     # what ``berserk serve`` runs (carddb.serve)

Pages (templates in carddb/datasette/templates, Russian, no scripts):

=============================  =========================================================
``/``                          home: the search box, the sets, links to the help pages
``/cards/card_list``           the card list (carddb.listpage: Datasette's page of
                               ``card_list`` without its table view; data carddb.cardlist):
                               player columns, facets on human values; ``?_search=`` runs
                               the project's search language (carddb.search — the same
                               cards as ``berserk search``), ``?_ability=`` is the
                               abilities facet; ``.json``/``.csv`` are Datasette's view
                               with the same filters (the hooks below)
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
from pathlib import Path
from urllib.parse import urlencode

import uvicorn
import yaml
from datasette import hookimpl
from datasette.app import Datasette, DatasetteClient
from datasette.database import Database, QueryInterrupted
from datasette.filters import FilterArguments
from datasette.plugins import pm
from datasette.utils.asgi import Base400, NotFound, Response
from datasette.views.base import DatasetteError
from markupsafe import Markup

from berserk.errors import BerserkError
from berserk.text import fold, plural
from berserk.vocab import AttackKind, KeywordName
from carddb.cardlist import (
    DB_NAME,
    TABLE,
    CardFacets,
    ListFilter,
    matches_of,
    ordered_ids,
    where_of,
)
from carddb.finder import suggest_words
from carddb.listpage import card_list_page
from carddb.live import Live, Pins, check_db
from carddb.present import abilities_html, keyword_label
from carddb.search import compile_named
from grammar import ast as A
from grammar.display import LEGEND, to_html
from rulings.lookup import book_names, load_book, source_label
from rulings.model import Book, is_number

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
        self.labels: dict[str, str] = {}        # /rules/<book>/<id> → an ability label

    async def install(self, pin: Path) -> None:
        """Serve ``pin`` from now on (called with no request in flight: carddb.live.Gate)."""
        new = PinnedDatabase(self.ds, pin)
        await new.table_counts(limit=60_000)
        await matches_of(new)                   # the card list's combinations, before serving
        self.links, self.labels = await rule_links(new)
        old = self.ds.databases.get(DB_NAME)
        if old is not None:
            self.ds.remove_database(DB_NAME)
        self.ds.add_database(new, name=DB_NAME, route=DB_NAME)
        if old is not None:
            old.close()
            if old.path and Path(old.path).parent == self.pins.dir:
                Path(old.path).unlink(missing_ok=True)


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
        db = datasette.get_database(DB_NAME)
        site.links, site.labels = await rule_links(db)
        await matches_of(db)
        compile_named("имя:а")          # builds the search grammar's parser before a visitor
        for book in book_names():       # clause pages name sources and conflicts (~80 ms)
            load_book(book)
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
        (rf"^/{DB_NAME}/{TABLE}$", card_list_page),
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
    if site is None or table != TABLE:
        return None
    return lambda: project_filters(site, request)


async def project_filters(site: Site, request) -> FilterArguments:
    """The card list's own filters for Datasette's view (JSON, CSV): the search language
    (``_search``) and abilities.  The search's ids come from the card list's cache
    (carddb.cardlist) as one JSON parameter of the view's statements."""
    own = ListFilter.of(request)
    own = ListFilter(search=own.search, abilities=own.abilities)
    where = where_of(own)
    bits, params, human = list(where.bits), dict(where.params), []
    extra = {"search_error": where.error} if where.error is not None else {}
    if where.search_sql is not None:
        ids = await ordered_ids(site.ds, site.ds.get_database(DB_NAME), ListFilter(
            search=own.search))
        bits[0] = "id in (select value from json_each(:bq_ids))"
        params = {k: v for k, v in params.items() if not k.startswith("bq")}
        params["bq_ids"] = json.dumps(ids.tolist())
        human.append(f"по запросу «{own.search}»")
        extra["search_notes"] = list(where.notes)
    human.extend(f"способность «{label}»" for label in own.abilities)
    return FilterArguments(bits, params, human, extra)


@hookimpl
def register_facet_classes():
    return [CardFacets]


@hookimpl
def extra_template_vars(template, database, table, request, datasette):
    site = site_of(datasette)
    if site is None:
        return None

    async def inner():
        extra = {"berserk_nav": True}
        # «did you mean» shows on a search that found nothing (the card list's own page
        # says how many rows it had; Datasette's view does not)
        if table == TABLE and request is not None and request.args.get("_search") \
                and not request.scope.get("berserk.rows"):
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
        elif isinstance(exception, QueryInterrupted) or _timed_out(exception):
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


def _timed_out(exception: Exception) -> bool:
    """Datasette's own view stopped a statement at the time limit (its DatasetteError says so
    in English HTML)."""
    return isinstance(exception, DatasetteError) and "took too long" in str(
        exception.args[0] if exception.args else "")


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


def clause_name(book: str, cid: str, title: str | None) -> str:
    """A clause as a person names it: a numbered one by its number and title («106.1.1
    Изменение стоимости…»), any other by its title — never the index's id (``attack.strike``)."""
    if is_number(cid.split("#", 1)[0]):
        return f"{cid} {title}".strip()
    return title or cid


def _shipped_book(book: str) -> Book | None:
    """The shipped index of ``book`` (sources, conflicts); None for a book it does not have."""
    try:
        return load_book(book)
    except BerserkError:
        return None


def _conflicts(book: str, shipped: Book | None, cid: str) -> list[dict]:
    """The clause's conflicts as the page shows them: the topic, each statement by its source's
    name with the rulesets that apply it, why, and the other clauses it concerns."""
    out = []
    for k in shipped.conflicts_for(cid) if shipped is not None else ():
        others = [{"id": c, "name": clause_name(book, c, shipped.clauses[c].title)}
                  for c in k.clauses if c != cid and c in shipped.clauses]
        out.append({"topic": k.topic, "why": source_label(k.why) if k.why else "",
                    "others": others, "statements": [
                        {"source": source_label(st.source), "says": source_label(st.says),
                         "rulesets": [r for r, src in k.applies.items() if src == st.source]}
                        for st in k.statements]})
    return out


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
        parent = {"id": p[0], "name": clause_name(book, p[0], p[1])} if p else None
    url = f"/rules/{book}/{cid}"
    label = site.labels.get(url) if site else None
    shipped = _shipped_book(book)
    source = shipped.clauses[cid].source if shipped and cid in shipped.clauses else None
    return await _render(datasette, request, "berserk_clause.html", {
        "clause": clause, "book": book,
        "number": cid if is_number(cid.split("#", 1)[0]) else None,
        "children": [{"id": c[0], "name": clause_name(book, c[0], c[1])} for c in children],
        "parent": parent, "official": official.split("\n\n") if official else [],
        "source": source_label(source) if source else None,
        "conflicts": _conflicts(book, shipped, cid),
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
