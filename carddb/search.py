"""The search language: a small Lark grammar, compiled to one parameterised SQL query.

    >>> from carddb.search import compile_query
    >>> sql, params = compile_query("выстрел>=2 дальность>=3 -стихия:тьма")
    >>> "?" in sql and params[1:]
    [2, 3, '%|тьма|%']

Syntax (docs/carddb.md has the full table):

* ``поле:значение`` — имя (substring), текст (full-text, word prefix), стихия, тип, класс,
  редкость, сет, элита:да|нет, уник:да|нет, игра:классика|герои, есть:<ability>;
* ``поле OP число`` with ``= != < <= > >=`` — стоимость, жизни, ход, удар (the strong value;
  ``удар=1-2-3`` compares all three), дальность, and any ability term (``выстрел>=2`` compares
  the attack's strongest damage, ``броня>=2`` the keyword's number);
* an ability term alone means «has it»: выстрел, разряд, метание, отравление, добивание,
  «удар через ряд» (three bare words are recognised as the phrase), вампиризм, …;
* ``-`` negates, ``or`` / ``или`` combine, parentheses group, "quoted phrases" and «ёлочки» are
  searched in name and text, a bare word searches name (substring) and text (word prefix).

User input never becomes SQL text: every value is a ``?`` parameter, and the SQL is assembled
only from the fixed fragments below (tests/carddb/test_security.py checks it with hypothesis).
FTS values are wrapped as one quoted FTS5 phrase, so they cannot carry FTS syntax.

**Limits** (each a ParseError with a caret, exit 2): a query of at most ``MAX_QUERY_CHARS``
characters, ``MAX_TERMS`` terms and ``MAX_DEPTH`` levels of parentheses; a value of at most
``MAX_VALUE_CHARS`` characters; numbers of at most ``MAX_NUMBER_DIGITS`` digits; text made of
valid Unicode (bytes that were not UTF-8 are refused, not passed on).  A word, phrase or text
value with no letter or digit («?», «—», an emoji, ``""``) is an error, not «every card».
Running a query (carddb.finder) has a time limit too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import (
    Lark,
    Token,
    Transformer,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from berserk.errors import Location, ParseError, Problem, UnknownNameError
from berserk.text import fold
from berserk.vocab import AttackKind as K
from berserk.vocab import CardType, Element, Game
from berserk.vocab import KeywordName as KW

QUERY_GRAMMAR = r"""
?start: or_expr
?or_expr: and_expr (_OR and_expr)*
?and_expr: unary+
?unary: NEG atom      -> neg
      | atom
?atom: LPAR or_expr RPAR -> group
     | term
term: WORD COLON value   -> field
    | WORD OP WORD       -> compare
    | PHRASE             -> phrase
    | WORD               -> word
?value: WORD | PHRASE

_OR.2: /(?i:or|или)(?=[\s()"«]|$)/
NEG: "-"
LPAR: "("
RPAR: ")"
COLON: ":"
OP: /<=|>=|!=|=|<|>/
PHRASE: /"[^"]*"/ | /«[^»]*»/
WORD: /[^\s()":<>=!«»\-][^\s()":<>=!«»]*/
%ignore /\s+/
"""

MAX_QUERY_CHARS = 1000
MAX_TERMS = 40
MAX_DEPTH = 8
MAX_VALUE_CHARS = 100
MAX_NUMBER_DIGITS = 6

# Russian names of the grammar's terminals, for «ожидалось: …».
_EXPECTED = {"WORD": "слово или поле", "PHRASE": "фраза в кавычках", "OP": "сравнение (= != < <= > >=)",
             "COLON": "«:»", "LPAR": "«(»", "RPAR": "«)»", "NEG": "«-»", "_OR": "«or»",
             "$END": "конец запроса"}


# ---------------------------------------------------------------- the query AST
@dataclass(frozen=True)
class Word:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Phrase:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    start: int
    end: int
    value_start: int


@dataclass(frozen=True)
class Compare:
    name: str
    op: str
    value: str
    start: int
    end: int
    value_start: int


@dataclass(frozen=True)
class Not:
    inner: object


@dataclass(frozen=True)
class And:
    items: tuple


@dataclass(frozen=True)
class Or:
    items: tuple


def _unquote(token: Token) -> str:
    return token.value[1:-1] if token.type == "PHRASE" else token.value


class _ToAst(Transformer):
    def field(self, items):
        name, _colon, value = items
        return Field(name.value, _unquote(value), name.start_pos, value.end_pos, value.start_pos)

    def compare(self, items):
        name, op, value = items
        return Compare(name.value, op.value, value.value, name.start_pos, value.end_pos,
                       value.start_pos)

    def phrase(self, items):
        (tok,) = items
        return Phrase(_unquote(tok), tok.start_pos, tok.end_pos)

    def word(self, items):
        (tok,) = items
        return Word(tok.value, tok.start_pos, tok.end_pos)

    def neg(self, items):
        return Not(items[1])

    def group(self, items):
        return items[1]

    def and_expr(self, items):
        return And(tuple(items))

    def or_expr(self, items):
        return Or(tuple(items))


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(QUERY_GRAMMAR, parser="lalr", lexer="contextual", propagate_positions=True)


# ---------------------------------------------------------------- vocabulary (one place)
def _protection(kind: K) -> str:
    """The card_keywords row of «Защита от <kind>» (carddb/build.py writes it)."""
    return f"protection:{kind}"


#: Ability terms → card_keywords keywords.  Multi-word terms are matched on bare word runs.
ABILITY_TERMS: dict[str, tuple[str, ...]] = {
    "выстрел": (K.SHOT,), "выстрелы": (K.SHOT,),
    "разряд": (K.DISCHARGE,), "разряды": (K.DISCHARGE,),
    "метание": (K.THROW,),
    "удар через ряд": (K.UCHR,), "учр": (K.UCHR,),
    "особый удар": (K.SPECIAL,), "магический удар": (K.MAGIC,),
    "отравление": ("poison",), "добивание": ("finishing",),
    "вампиризм": ("vampirism",), "регенерация": (KW.REGEN,), "броня": (KW.ARMOR,),
    "опыт в атаке": (KW.OVA,), "опыт в защите": (KW.OVZ,), "опыт в стрельбе": (KW.OVS,),
    "строй": ("formation",), "полет": (KW.FLYING,), "полёт": (KW.FLYING,),
    "летающее": (KW.FLYING,), "симбиот": (KW.SYMBIOTE,), "трупоедство": (KW.CORPSE_EATER,),
    "направленный удар": (KW.DIRECT,), "направленный": (KW.DIRECT,),
    "безответный удар": (KW.UNANSWERABLE,), "бестелесность": (KW.INCORPOREAL,),
    "неповоротливость": (KW.CLUMSY,), "прыжок": (KW.JUMP,), "стойкость": (KW.STAMINA,),
    "воздействие": ("named_effect",), "заклинание": ("spell",), "излечение": ("heal",),
    "защита от выстрелов": (_protection(K.SHOT),),
    "защита от разрядов": (_protection(K.DISCHARGE),),
    "защита от метания": (_protection(K.THROW),), "защита от отравления": (_protection(K.POISON),),
    "защита от магии": (_protection(K.MAGIC),), "защита от заклинаний": (_protection(K.SPELLS),),
    "защита от летающих": (_protection(K.FLYERS),), "защита": ("protection",),
}
_TERMS_FOLDED = {fold(k): v for k, v in ABILITY_TERMS.items()}
_MAX_TERM_WORDS = max(len(k.split()) for k in _TERMS_FOLDED)

NUMERIC_FIELDS = {"стоимость": "c.cost", "жизни": "c.life", "ход": "c.move",
                  "удар": "c.strike_strong"}
TEXT_FIELDS = ("имя", "текст", "стихия", "тип", "класс", "редкость", "сет", "элита", "уник",
               "игра", "есть")
#: «игра:» values → berserk.vocab.Game (the game a card is of: the same word means other things
#: in each — «местность», «удар»)
GAMES = {"классика": Game.CLASSIC, "классический": Game.CLASSIC, "classic": Game.CLASSIC,
         "берсерк": Game.CLASSIC, "герои": Game.HEROES, "heroes": Game.HEROES}
# «!=» is «IS NOT» so that a card without the value (no strike, unknown move) counts as «not equal».
OPS = {"=": "=", "!=": "IS NOT", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
RARITIES = ("частая", "необычная", "редкая", "ультраредкая")
YES_NO = {"да": 1, "нет": 0, "yes": 1, "no": 0, "true": 1, "false": 0}


# ---------------------------------------------------------------- compile
@dataclass(frozen=True)
class CompiledQuery:
    where: str
    params: tuple


class _Compiler:
    def __init__(self, query: str, every: bool = False):
        self.query = query
        self.every = every
        self.problems: list[Problem] = []

    def fail(self, start: int, end: int, message: str) -> str:
        self.problems.append(Problem(Location("<запрос>", 1, start + 1), message, self.query,
                                     max(1, end - start)))
        return "0"

    # ---- structure
    def node(self, n, params: list) -> str:
        if isinstance(n, Or):
            return "(" + " OR ".join(self.node(i, params) for i in n.items) + ")"
        if isinstance(n, And):
            return "(" + " AND ".join(self.node(i, params) for i in _merge_terms(n.items)) + ")"
        if isinstance(n, Not):
            return "NOT " + self.node(n.inner, params)
        if isinstance(n, Word):
            if not self.searchable(n.text, n.start, n.end):
                return "0"
            return self.word(n, params)
        if isinstance(n, Phrase):
            if not self.searchable(n.text, n.start, n.end):
                return "0"
            return self.fulltext(n.text, params, column=None)
        if isinstance(n, Field):
            return self.field(n, params)
        if isinstance(n, Compare):
            return self.compare(n, params)
        if isinstance(n, _Term):
            return self.has(n.keywords, params)
        if isinstance(n, _TermCompare):
            return self.has(n.keywords, params, n.op, self.number(n.value, n.value_start, n.end))
        raise AssertionError(n)

    # ---- leaves
    def word(self, n: Word, params: list) -> str:
        keywords = _TERMS_FOLDED.get(fold(n.text))
        if keywords:
            return self.has(keywords, params)
        params.append("%" + _like_escape(fold(n.text)) + "%")
        name_sql = "c.name_fold LIKE ? ESCAPE '\\'"
        return "(" + name_sql + " OR " + self.fulltext(n.text, params, column="text_fold") + ")"

    def fulltext(self, text: str, params: list, column: str | None) -> str:
        tokens = re.findall(r"\w+", fold(text))
        if not tokens:
            return "1"
        phrase = '"' + " ".join(tokens) + '"*'
        params.append(f"{column} : {phrase}" if column else phrase)
        return "c.id IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)"

    def has(self, keywords, params: list, op: str | None = None, value=None) -> str:
        if op is None and not self.every:
            # «has it» for a page of results: tested inside card_index's covering index while
            # it is walked in result order, no id list to build
            params.extend(f"%|{k}|%" for k in keywords)
            return "(" + " OR ".join("c.keyword_key LIKE ?" for _ in keywords) + ")"
        # every match (the web's list, its count and facets): the keyword index finds them
        # (a «has it» term at 35,000 cards: 6 ms of LIKE over every card → 1.7 ms)
        params.extend(str(k) for k in keywords)      # plain strings: params are printed
        marks = ",".join("?" * len(keywords))
        sql = f"SELECT k.card_id FROM card_keywords k WHERE k.keyword IN ({marks})"
        if op is not None:
            sql += f" AND COALESCE(k.strongest, k.amount) {OPS[op]} ?"
            params.append(value)
        return f"c.id IN ({sql})"

    def number(self, value: str, start: int, end: int) -> int:
        if not re.fullmatch(r"\d+", value):
            self.fail(start, end, f"ожидалось число, а не «{_short(value)}»")
            return 0
        if len(value.lstrip("0")) > MAX_NUMBER_DIGITS:
            self.fail(start, end, f"слишком большое число: «{_short(value)}» (не больше "
                      f"{MAX_NUMBER_DIGITS} цифр)")
            return 0
        return int(value)

    def searchable(self, text: str, start: int, end: int) -> bool:
        """A text value needs a letter or a digit: «?» alone would match every card."""
        if len(text) > MAX_VALUE_CHARS:
            self.fail(start, end, f"слишком длинное значение ({len(text)} символов; не больше "
                      f"{MAX_VALUE_CHARS})")
            return False
        if not re.search(r"\w", text):
            self.fail(start, end, f"«{_short(text)}»: здесь нечего искать — нужна хотя бы одна "
                      "буква или цифра")
            return False
        return True

    def field(self, n: Field, params: list) -> str:
        name = fold(n.name)
        value = n.value.strip()
        vfold = fold(value)
        vs, ve = n.value_start, n.end
        if name in ("имя", "текст", "класс", "сет") and not self.searchable(value, vs, ve):
            return "0"
        if len(value) > MAX_VALUE_CHARS:
            return self.fail(vs, ve, f"слишком длинное значение ({len(value)} символов)")
        if name == "имя":
            params.append("%" + _like_escape(vfold) + "%")
            return "c.name_fold LIKE ? ESCAPE '\\'"
        if name == "текст":
            return self.fulltext(value, params, column="text_fold")
        if name == "стихия":
            element = Element.of(value)
            if element is None:
                return self.fail(vs, ve, _unknown("неизвестная стихия", value, Element))
            params.append(f"%|{element}|%")
            return "c.element_key LIKE ?"
        if name == "тип":
            card_type = CardType.of(value)
            if card_type is None:
                return self.fail(vs, ve, _unknown("неизвестный тип", value, CardType))
            params.append(str(card_type))
            return "c.card_type = ?"
        if name == "класс":
            params.append("%|" + _like_escape(vfold) + "|%")
            return "c.class_key LIKE ? ESCAPE '\\'"
        if name == "редкость":
            if vfold not in RARITIES:
                return self.fail(vs, ve, _unknown("неизвестная редкость", value, RARITIES))
            params.append(vfold)
            return "c.rarity_fold = ?"
        if name == "сет":
            params.append("%" + _like_escape(vfold) + "%")
            return "c.set_fold LIKE ? ESCAPE '\\'"
        if name in ("элита", "уник"):
            if vfold not in YES_NO:
                return self.fail(vs, ve, f"ожидалось «да» или «нет», а не «{value}»")
            params.append(YES_NO[vfold])
            return "c.elite = ?" if name == "элита" else "c.uniq = ?"
        if name == "игра":
            game = GAMES.get(vfold)
            if game is None:
                return self.fail(vs, ve, _unknown("неизвестная игра", value, ("классика", "герои")))
            params.append(str(game))
            return "c.game = ?"
        if name == "есть":
            keywords = _TERMS_FOLDED.get(vfold)
            if keywords is None:
                return self.fail(vs, ve, UnknownNameError(
                    "способность", value, ABILITY_TERMS,
                    head=f"неизвестная способность «{value}»").message)
            return self.has(keywords, params)
        if name in NUMERIC_FIELDS or name in _TERMS_FOLDED or name == "дальность":
            return self.fail(n.start, n.end, f"«{n.name}» сравнивается числом: {n.name}>=2, "
                             f"{n.name}=3 …")
        return self.fail(n.start, n.value_start - 1, UnknownNameError(
            "поле", n.name, TEXT_FIELDS,
            head=f"неизвестное поле «{n.name}»; поля: " + ", ".join(TEXT_FIELDS)).message)

    def compare(self, n: Compare, params: list) -> str:
        name = fold(n.name)
        op = OPS[n.op]
        if name == "удар" and "-" in n.value:
            if n.op not in ("=", "!="):
                return self.fail(n.value_start, n.end, "удар «слабый-средний-сильный» "
                                 "сравнивается только через = или !=")
            if not re.fullmatch(r"\d{1,3}-\d{1,3}-\d{1,3}", n.value):
                return self.fail(n.value_start, n.end, "удар пишется тремя числами: удар=2-3-4")
            params.append(n.value)
            return f"c.strike {op} ?"
        if name == "ход" and fold(n.value) in ("полет", "летает"):
            if n.op not in ("=", "!="):
                return self.fail(n.value_start, n.end, "«полёт» сравнивается только через = или !=")
            return "c.move_text = 'полёт'" if n.op == "=" else "c.move_text IS NOT 'полёт'"
        if name == "ход" and fold(n.value) == "x":
            params.append("X")
            return f"COALESCE(c.move_text, '') {op} ?"
        if name in NUMERIC_FIELDS:
            params.append(self.number(n.value, n.value_start, n.end))
            return f"{NUMERIC_FIELDS[name]} {op} ?"
        if name == "дальность":
            params.append(self.number(n.value, n.value_start, n.end))
            return f"c.id IN (SELECT k.card_id FROM card_keywords k WHERE k.range {op} ?)"
        keywords = _TERMS_FOLDED.get(name)
        if keywords:
            return self.has(keywords, params, n.op, self.number(n.value, n.value_start, n.end))
        known = list(NUMERIC_FIELDS) + ["дальность"] + list(ABILITY_TERMS)
        return self.fail(n.start, n.value_start - len(n.op), UnknownNameError(
            "поле", n.name, known,
            head=f"«{n.name}» нельзя сравнивать числом; можно: "
            + ", ".join(list(NUMERIC_FIELDS) + ["дальность", "выстрел", "…"])).message)


@dataclass(frozen=True)
class _Term:
    keywords: tuple
    start: int
    end: int


@dataclass(frozen=True)
class _TermCompare:
    keywords: tuple
    op: str
    value: str
    start: int
    end: int
    value_start: int


def _merge_terms(items: tuple) -> list:
    """Bare word runs that spell a multi-word ability term («удар через ряд», «защита от
    выстрелов») become that term; a run ending in a comparison («удар через ряд>=2») too."""
    out: list = []
    i = 0
    while i < len(items):
        merged = None
        for size in range(min(_MAX_TERM_WORDS, len(items) - i), 1, -1):
            run = items[i:i + size]
            if not all(isinstance(x, Word) for x in run[:-1]):
                continue
            last = run[-1]
            if isinstance(last, Word):
                key = fold(" ".join(x.text for x in run))
                if key in _TERMS_FOLDED:
                    merged = _Term(_TERMS_FOLDED[key], run[0].start, last.end)
            elif isinstance(last, Compare):
                key = fold(" ".join([x.text for x in run[:-1]] + [last.name]))
                if key in _TERMS_FOLDED:
                    merged = _TermCompare(_TERMS_FOLDED[key], last.op, last.value, run[0].start,
                                          last.end, last.value_start)
            if merged is not None:
                out.append(merged)
                i += size
                break
        if merged is None:
            out.append(items[i])
            i += 1
    return out


def _short(text: str, width: int = 30) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _unknown(what: str, value: str, known) -> str:
    """«неизвестная стихия «x»; допустимы: …; возможно, вы имели в виду: …»."""
    known = list(known)
    return UnknownNameError(what, value, known,
                            head=f"{what} «{value}»; допустимы: " + ", ".join(known)).message


# ---------------------------------------------------------------- public API
def _limit_error(query: str, column: int, message: str, width: int = 1) -> ParseError:
    shown = query if len(query) <= 200 else query[:200]
    column = min(column, len(shown) + 1)
    return ParseError(Problem(Location("<запрос>", 1, column), message, shown, width))


def check_limits(query: str) -> None:
    """The limits a query must meet before it is parsed (size, bytes, nesting)."""
    bad = next((i for i, ch in enumerate(query) if "\ud800" <= ch <= "\udfff"), None)
    if bad is not None:
        raise _limit_error(query.encode("utf-8", "replace").decode("utf-8"), bad + 1,
                           "в запросе байты не в кодировке UTF-8; наберите запрос заново")
    if len(query) > MAX_QUERY_CHARS:
        raise _limit_error(query, MAX_QUERY_CHARS + 1, f"слишком длинный запрос: {len(query)} "
                           f"символов (не больше {MAX_QUERY_CHARS})")
    depth, deepest, quote = 0, 0, None
    for i, ch in enumerate(query):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "\"«":
            quote = "»" if ch == "«" else ch
        elif ch == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise _limit_error(query, i + 1, f"слишком много вложенных скобок (не больше "
                                   f"{MAX_DEPTH})")
        elif ch == ")":
            depth = max(0, depth - 1)


def _terms(node) -> int:
    if isinstance(node, (And, Or)):
        return sum(_terms(i) for i in node.items)
    if isinstance(node, Not):
        return _terms(node.inner)
    return 1


@lru_cache(maxsize=1024)
def parse_query(query: str):
    """The query's AST (immutable: cached, a page parses its query three times — compiled,
    notes, «did you mean»); ``ParseError`` with a caret under the fault."""
    if not query.strip():
        raise ParseError(Problem(Location("<запрос>", 1, 1), "пустой запрос", query or " "))
    check_limits(query)
    try:
        tree = _parser().parse(query)
    except UnexpectedInput as err:
        raise _syntax_error(query, err) from None
    ast = _ToAst().transform(tree)
    ast = ast if not isinstance(ast, Token) else Word(ast.value, ast.start_pos, ast.end_pos)
    terms = _terms(ast)
    if terms > MAX_TERMS:
        raise _limit_error(query, 1, f"слишком много условий в запросе: {terms} (не больше "
                           f"{MAX_TERMS})", len(query))
    return ast


def _syntax_error(query: str, err: UnexpectedInput) -> ParseError:
    if isinstance(err, UnexpectedEOF):
        column, expected = len(query) + 1, err.expected
        found = "конец запроса"
    elif isinstance(err, UnexpectedToken):
        column = (err.token.start_pos if err.token.type != "$END" else len(query)) + 1
        expected = err.accepts or err.expected
        found = "конец запроса" if err.token.type == "$END" else f"«{err.token.value}»"
    elif isinstance(err, UnexpectedCharacters):
        column, expected = err.column, err.allowed or ()
        found = f"«{query[err.pos_in_stream]}»"
    else:                                   # pragma: no cover - lark has no other kinds
        column, expected, found = 1, (), "?"
    names = sorted({_EXPECTED.get(e, e) for e in expected})
    message = f"не понимаю запрос: здесь {found}"
    if names:
        message += "; ожидалось: " + ", ".join(names)
    return ParseError(Problem(Location("<запрос>", 1, column), message, query))


def compile_query(query: str, every: bool = False) -> tuple[str, list]:
    """(WHERE clause over ``cards c``, parameters).  Raises ``ParseError`` listing every fault.
    ``every``: the clause will select every match (not walk the index for a page of them),
    so «has it» terms use the keyword index; the same cards either way."""
    ast = parse_query(query)
    compiler = _Compiler(query, every)
    params: list = []
    where = compiler.node(ast, params)
    if compiler.problems:
        raise ParseError(compiler.problems)
    return where, params


def compile_named(query: str, prefix: str = "q", every: bool = False) -> tuple[str, dict]:
    """``compile_query`` with named parameters (``:q0``, ``:q1`` …) — Datasette's style."""
    where, params = compile_query(query, every)
    names = iter(range(len(params)))
    # every «?» in the fixed fragments is a placeholder (no fragment holds a literal «?»)
    where = re.sub(r"\?", lambda _m: f":{prefix}{next(names)}", where)
    return where, {f"{prefix}{i}": value for i, value in enumerate(params)}


def term_words(query: str) -> list[str]:
    """The bare words of ``query`` that were read as ability terms («разряд»): the search says
    so, since «текст:разряд» (the word in the text) finds more."""
    ast = parse_query(query)
    out: list[str] = []

    def visit(n):
        if isinstance(n, (And, Or)):
            for i in (_merge_terms(n.items) if isinstance(n, And) else n.items):
                visit(i)
        elif isinstance(n, Not):
            visit(n.inner)
        elif isinstance(n, _Term):
            out.append(query[n.start:n.end])
        elif isinstance(n, Word) and fold(n.text) in _TERMS_FOLDED:
            out.append(n.text)
    visit(ast)
    return out


def plain_words(query: str) -> list[str]:
    """The bare words of ``query`` that search names and texts (not ability terms)."""
    ast = parse_query(query)
    out: list[str] = []

    def visit(n):
        if isinstance(n, (And, Or)):
            for i in (_merge_terms(n.items) if isinstance(n, And) else n.items):
                visit(i)
        elif isinstance(n, Not):
            visit(n.inner)
        elif isinstance(n, Word) and fold(n.text) not in _TERMS_FOLDED:
            out.append(n.text)
    visit(ast)
    return out


SELECT_COLUMNS = ("c.id, c.name, c.set_name, c.number, c.element, c.elements, c.card_type, "
                  "c.cost, c.elite, c.uniq, c.life, c.move, c.move_text, c.flying, c.strike, "
                  "c.strike_weak, c.strike_medium, c.strike_strong, c.classes, c.rarity, c.text, "
                  "c.keywords")


def search_sql(query: str, limit: int | None = 50) -> tuple[str, list]:
    where, params = compile_query(query)
    # Two phases: the ids in result order come from ``card_index`` (the narrow copy of every
    # filter column); only that page of rows is then read in full from ``cards``.  Reading
    # wide rows (texts, trees) for every candidate was 10-30x slower at 35,000 cards.
    inner = f"SELECT c.id FROM card_index c WHERE {where} ORDER BY c.name_fold, c.id"
    if limit is not None:
        inner += " LIMIT ?"
        params.append(int(limit))
    sql = (f"SELECT {SELECT_COLUMNS} FROM cards c WHERE c.id IN ({inner}) "
           "ORDER BY c.name_fold, c.id")
    return sql, params


def search(db, query: str, limit: int | None = 50) -> list[dict]:
    """Rows (dicts) of the cards matching ``query`` in an open sqlite_utils DB or connection."""
    sql, params = search_sql(query, limit)
    conn = getattr(db, "conn", db)
    cur = conn.execute(sql, params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]
