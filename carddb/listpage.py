"""The card list's HTML page (``/cards/card_list``), built without Datasette's table view.

Datasette's view spent most of a page at 35,000 cards on what the page does not show: a label
lookup per row (``_labels``), a display cell per value through a plugin hook, schema
introspection on every request, the count and the facets as more scans of a search's matches.
Here (data: carddb.cardlist):

* the whole list: a walk of the sort column's index from the keyset token (``keyset_parts``:
  Datasette's keyset condition, cut so that SQLite can seek), the count known per build;
* a filtered list: its ordered ids (cached per build, filters and sort) and a slice of them;
  a ``_next`` token is found in them and checked against its row's sort value;
* the rows of the page only; the facets from the combinations; the same template with the
  context Datasette's view gives it, rendered through Datasette's ``render_template`` (its
  hooks as for any page) but compiled without Jinja's async mode.

The page is Datasette's page: tests/carddb/test_listpage.py renders URLs both ways and compares
them byte for byte.  One difference, on purpose: ties of a descending sort come in id order on
every page (Datasette's first page has them the other way round, which its own ``_next``
token does not expect: walking its pages repeated and skipped cards).  A request the page does
not model — Datasette's ``col__op`` filters, ``_facet``, ``_col``, ``_labels``, ``_where`` …,
a bad sort or size, a token of another list — goes to Datasette's view: it answers exactly as
before.
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import cached_property

from datasette.utils import (
    escape_sqlite,
    path_from_row_pks,
    path_with_format,
    path_with_removed_args,
    path_with_replaced_args,
    tilde_decode,
    tilde_encode,
)
from datasette.utils.asgi import Request, Response
from datasette.views.table import TableView
from jinja2 import Template

from carddb.build import CARD_LIST_COLUMNS
from carddb.cardlist import (
    DB_NAME,
    TABLE,
    CardFacets,
    ListFilter,
    Where,
    fetch_ids,
    ids_sql,
    matches_of,
    time_limit,
    where_of,
)

TEMPLATES = [f"table-{DB_NAME}-{TABLE}.html", "table.html"]
#: the columns the page's template reads
PAGE_COLUMNS = ("id", "имя", "сет", "номер", "стихия", "тип", "стоимость", "жизни", "ход",
                "удар", "элита", "способности", "name_fold", "set_slug", "card_key")
#: query arguments the page models; any other ``_`` argument goes to Datasette's view
_OWN_ARGS = {"_search", "_ability", "_sort", "_sort_desc", "_next", "_size"}


class _SyncTemplate(Template):
    """A template compiled without Jinja's async mode, rendered through Datasette's
    ``render_template`` (its context and plugin hooks as for any page): the card list's
    templates await nothing, and async mode costs an await check per expression and loop
    step — half of the page's rendering (5.5 → 2.9 ms at 50 rows)."""

    async def render_async(self, *args, **kwargs):
        return self.render(*args, **kwargs)


def _templates(ds):
    env = getattr(ds, "berserk_sync_jinja", None)
    if env is None:
        env = ds.jinja_env.overlay(enable_async=False)      # same loader, filters, globals
        env.template_class = _SyncTemplate
        ds.berserk_sync_jinja = env
    return env.select_template(TEMPLATES)


class _Request(Request):
    """The page's request with its query parsed once: Datasette's ``args`` parses the query
    string on every use, ~40 times on this page (the template's form and links, the facets)."""

    @cached_property
    def args(self):
        return super().args


@dataclass(frozen=True)
class PageRequest:
    """A card list request this module answers: the filter, Datasette's sort (``sort`` is the
    metadata's default when neither is given), the page size and the keyset token."""
    filter: ListFilter
    sort: str | None
    sort_desc: str | None
    size: int
    after: tuple | None          # (sort value or None, id) from ``_next``


def page_request(ds, request) -> PageRequest | None:
    """The request as this page models it, or None: Datasette's view answers it (other
    arguments, a bad sort or size — Datasette's own errors)."""
    if request.method != "GET":
        return None
    meta = ds.table_metadata(DB_NAME, TABLE)
    for key in request.args:
        if key.startswith("_") and "__" not in key:
            if key not in _OWN_ARGS:
                return None
        elif "__" in key or key not in CARD_LIST_COLUMNS:
            return None
    sort, sort_desc = request.args.get("_sort"), request.args.get("_sort_desc")
    if not sort and not sort_desc:
        sort, sort_desc = meta.get("sort"), meta.get("sort_desc")
    sortable = set(meta.get("sortable_columns", ()))
    if (sort and sort_desc) or (sort or sort_desc) not in sortable:
        return None
    size = request.args.get("_size") or meta.get("size") or ds.page_size
    if size == "max":
        size = ds.max_returned_rows
    if not str(size).isdigit() or int(size) > ds.max_returned_rows:
        return None
    after = None
    token = request.args.get("_next")
    if token:
        parts = token.split(",")
        if len(parts) != 2 or not tilde_decode(parts[1]).isdigit():
            return None
        value = None if parts[0] == "$null" else tilde_decode(parts[0])
        after = (value, int(tilde_decode(parts[1])))
    return PageRequest(ListFilter.of(request), sort, sort_desc, int(size), after)


def _select(sort: str) -> str:
    return ", ".join(escape_sqlite(c) for c in dict.fromkeys(PAGE_COLUMNS + (sort,)))


def _rows_of(conn, ids: list[int], sort: str) -> dict[int, dict]:
    """The page's rows by id."""
    cur = conn.execute(f"select {_select(sort)} from {TABLE} where id in "
                       f"({', '.join('?' * len(ids))})", ids)
    names = [d[0] for d in cur.description]
    return {row[0]: dict(zip(names, row)) for row in cur.fetchall()}


def keyset_parts(sort: str, desc: bool, after: tuple | None) -> list[tuple[str, dict, str]]:
    """(WHERE, params, ORDER BY) statements whose rows, one after the other, are the whole
    list after the keyset token ``after`` in the order (sort [desc], id) — Datasette's keyset
    condition cut where its OR kept SQLite from seeking in the sort column's index (a page
    after the first of a descending sort: 39 → 1 ms at 35,000 cards)."""
    c = escape_sqlite(sort)
    order = f"{c}{' desc' if desc else ''}, id"
    if after is None:
        return [("1", {}, order)]
    value, pk = after
    ties = (f"{c} is null and id > :pk" if value is None else f"{c} = :v and id > :pk",
            {"v": value, "pk": pk}, "id")
    if value is None:                       # nulls come first ascending, last descending
        return [ties] if desc else [ties, (f"{c} is not null", {}, order)]
    if desc:
        return [ties, (f"{c} < :v", {"v": value}, order), (f"{c} is null", {}, "id")]
    return [ties, (f"{c} > :v", {"v": value}, order)]


def _keyset_rows(conn, sort: str, desc: bool, after: tuple | None, limit: int,
                 ms: int) -> list[dict]:
    """Up to ``limit`` rows of the whole list after ``after`` (Datasette's keyset)."""
    rows: list[dict] = []
    for where, params, order in keyset_parts(sort, desc, after):
        if len(rows) >= limit:
            break
        sql = (f"select {_select(sort)} from {TABLE} where {where} order by {order} "
               f"limit {limit - len(rows)}")
        with time_limit(conn, ms, sql, params):
            cur = conn.execute(sql, params)
            names = [d[0] for d in cur.description]
            rows.extend(dict(zip(names, row)) for row in cur.fetchall())
    return rows


def _filtered_rows(conn, ids: array | None, sql: str, params: dict, page: PageRequest,
                   ms: int) -> tuple[array, list[dict] | None]:
    """(the list's ids, up to size + 1 rows after the token) in one trip to the DB thread;
    rows None when the token does not name a card of the list with its sort value."""
    if ids is None:
        ids = fetch_ids(conn, sql, params, ms)
    sort, start = page.sort or page.sort_desc, 0
    if page.after is not None:
        try:
            start = ids.index(page.after[1]) + 1
        except ValueError:
            return ids, None
    wanted = ids[start:start + page.size + 1].tolist()
    found = _rows_of(conn, wanted + ([page.after[1]] if page.after is not None else []), sort)
    if page.after is not None:
        value = found[page.after[1]][sort]
        if (page.after[0] is None) != (value is None) or (
                value is not None and str(value) != page.after[0]):
            return ids, None
    return ids, [found[i] for i in wanted]


async def _page_rows(ds, db, page: PageRequest,
                     where: Where) -> tuple[list[dict], int, array | None] | None:
    """(up to size + 1 rows from the token on, the list's count, its ids when filtered), or
    None when the token does not name a card of the list with its sort value."""
    sort, desc = page.sort or page.sort_desc, bool(page.sort_desc)
    limit = ds.setting("sql_time_limit_ms")
    state = await matches_of(db)
    if page.filter == ListFilter():
        # the whole list: a walk of the sort column's index from the token, the count known
        rows = await db.execute_fn(lambda conn: _keyset_rows(
            conn, sort, desc, page.after, page.size + 1, limit))
        return rows, state.combos.total, None
    key = (page.filter, sort, desc)
    cached = state.get(key)
    sql = ids_sql(where, sort, desc)
    ids, rows = await db.execute_fn(lambda conn: _filtered_rows(
        conn, cached, sql, where.params, page, limit))
    state.put(key, ids)
    return (rows, len(ids), ids) if rows is not None else None


async def card_list_page(datasette, request):
    """The card list's HTML page; Datasette's view answers what this page does not model."""
    ds = datasette
    # the same object (Datasette writes its messages from it afterwards), its query parsed once
    request.__class__ = _Request
    page = page_request(ds, request)
    where = where_of(page.filter) if page is not None else None
    found = None if page is None else await _page_rows(ds, ds.get_database(DB_NAME), page,
                                                       where)
    if found is None:                   # not modelled here, or a token of another list
        return await datasette_view(ds, request)
    rows, count, ids = found
    facets = CardFacets(ds, request, DB_NAME, table=TABLE, params={},
                        metadata=ds.table_metadata(DB_NAME, TABLE), row_count=count)
    facets.ids = ids
    facet_list, timed_out = await facets.facet_results()
    context = {
        "database": DB_NAME, "table": TABLE, "request": request, "rows": rows[:page.size],
        "filtered_table_rows_count": count, "facets_timed_out": timed_out,
        "sorted_facet_results": sorted(facet_list, key=lambda f: (len(f["results"]), f["name"]),
                                       reverse=True),
        "sort": page.sort, "sort_desc": page.sort_desc, "next_url": _next_url(ds, request, page,
                                                                              rows),
        "fix_path": ds.urls.path, "path_with_replaced_args": path_with_replaced_args,
        "path_with_removed_args": path_with_removed_args,
        # Datasette's table view adds «_labels=on» to its export links: card_list has a
        # foreign key (id → cards)
        "renderers": {"json": ds.urls.path(path_with_format(request=request, format="json",
                                                            extra_qs={"_labels": "on"}))},
        "url_csv": ds.urls.path(path_with_format(request=request, format="csv",
                                                 extra_qs={"_size": "max", "_labels": "on"})),
    }
    if where.error is not None:
        context["search_error"] = where.error
    elif page.filter.search:
        context["search_notes"] = list(where.notes)
    request.scope["berserk.rows"] = len(context["rows"])
    alternate = ds.absolute_url(request, ds.urls.path(path_with_format(request=request,
                                                                       format="json")))
    context["alternate_url_json"] = alternate
    html = await ds.render_template(_templates(ds), context, request=request, view_name="table")
    ttl = ds.setting("default_cache_ttl")
    return Response.html(html, headers={
        "Link": f'{alternate}; rel="alternate"; type="application/json+datasette"',
        "Cache-Control": "no-cache" if ttl == 0 else f"max-age={ttl}",
        "Referrer-Policy": "no-referrer"})


def _next_url(ds, request, page: PageRequest, rows: list[dict]) -> str | None:
    """Datasette's «next page» link: the last row's sort value and id as the keyset token."""
    if not 0 < page.size < len(rows):
        return None
    last = rows[page.size - 1]
    prefix = last[page.sort or page.sort_desc]
    prefix = "$null" if prefix is None else tilde_encode(str(prefix))
    token = f"{prefix},{path_from_row_pks(last, ['id'], False)}"
    args = {"_next": token, "_sort": page.sort} if page.sort else {
        "_next": token, "_sort_desc": page.sort_desc}
    return ds.absolute_url(request, ds.urls.path(path_with_replaced_args(request, args)))


async def datasette_view(ds, request):
    """Datasette's own table view of the card list for this request."""
    request.scope = dict(request.scope, url_route={"kwargs": {
        "database": DB_NAME, "table": TABLE, "format": None}})
    return await TableView(ds).dispatch_request(request)
