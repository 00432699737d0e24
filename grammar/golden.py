"""The regression check on ability text: which cards changed *meaning*.

A golden file is JSON Lines, one card per line::

    {"card": "Кшар", "set": "Война стихий", "abilities": [<canonical AST>, …], "typed": [true, …]}

ASTs are stored without spans (an earlier line growing by a word is not a change of meaning)
and with Opaque text replaced by its hash and length (``to_dict(redact=True)``): a golden file
derived from licensed card lists carries their structure, never their sentences.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from berserk import files
from berserk.errors import InputError, Location, Problem
from grammar import ast as A
from grammar.parser import CardText
from grammar.render import inline, summary


@dataclass(frozen=True)
class Entry:
    card: str
    set: str
    abilities: tuple[str, ...]        # canonical JSON per ability (redacted)
    typed: tuple[bool, ...]           # per line

    @property
    def key(self) -> tuple[str, str]:
        return (self.set, self.card)

    @classmethod
    def from_parsed(cls, card: str, set_: str, parsed: CardText | None) -> "Entry":
        if parsed is None:
            return cls(card, set_, (), ())
        return cls(card, set_, tuple(A.to_json(a, redact=True) for a in parsed.abilities),
                   tuple(line.typed for line in parsed.lines))

    def to_json(self) -> str:
        return json.dumps({"card": self.card, "set": self.set,
                           "abilities": [json.loads(a) for a in self.abilities],
                           "typed": list(self.typed)}, ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_json(cls, line: str) -> "Entry":
        """One golden line.  Its shape is checked here (a hand-edited or foreign file must give
        a located message, not a crash in the diff): ``ValueError`` says what is wrong."""
        data = json.loads(line)
        if not isinstance(data, dict):
            raise ValueError("ожидался объект {card, set, abilities, typed}")
        card, set_ = data.get("card"), data.get("set", "")
        abilities, typed = data.get("abilities", []), data.get("typed", [])
        if not isinstance(card, str) or not isinstance(set_, str):
            raise ValueError("поля card и set — строки")
        if not isinstance(abilities, list) or not isinstance(typed, list):
            raise ValueError("поля abilities и typed — списки")
        for ability in abilities:
            _check_ability(ability)
        return cls(card, set_,
                   tuple(json.dumps(a, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
                         for a in abilities),
                   tuple(bool(t) for t in typed))


def _check_ability(data: Any) -> None:
    """A golden ability must be a node the AST knows, with the fields its class has, and render:
    the diff shows it.  Anything else in a foreign or hand-edited file is a ``ValueError``."""
    if not isinstance(data, dict) or data.get("node") not in A.NODE_TYPES:
        raise ValueError("способность эталона — узел дерева с полем node известного вида")
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            cls = A.NODE_TYPES.get(item.get("node")) if "node" in item else None
            if "node" in item and cls is None:
                raise ValueError(f"неизвестный вид узла «{str(item.get('node'))[:40]}»")
            if cls is not None:
                names = {f.name for f in dataclasses.fields(cls)} | {"node", "sha256", "length"}
                unknown = [k for k in item if k not in names]
                if unknown:
                    raise ValueError(f"у узла {cls.__name__} нет поля «{str(unknown[0])[:40]}»")
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    try:
        summary(A.from_dict(data))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as err:
        raise ValueError(f"узел дерева не читается ({type(err).__name__})") from None


def read_golden(path: str | Path) -> dict[tuple[str, str], Entry]:
    """Entries by (set, card).  Every malformed line is reported with its number."""
    source = files.label(path)
    problems: list[Problem] = []
    out: dict[tuple[str, str], Entry] = {}
    if not files.is_stdin(path) and not Path(path).exists():
        raise InputError.at("файл эталона не найден (создайте его с --update)", source)
    text = files.read_text(path, "файл эталона")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            entry = Entry.from_json(line)
        except (ValueError, KeyError, TypeError) as err:
            problems.append(Problem(Location(source, number, 1), f"строка эталона не читается: {err}"))
            continue
        out[entry.key] = entry
    if problems:
        raise InputError(problems)
    return out


def write_golden(path: str | Path, entries: Iterable[Entry]) -> None:
    """Atomic write with the usual permissions (berserk.files.write_text)."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    files.write_text(path, "".join(e.to_json() + "\n" for e in sorted(entries, key=lambda e: e.key)))


@dataclass
class CardDiff:
    card: str
    set: str
    status: str                        # added | removed | changed
    lines: list[str] = field(default_factory=list)


@dataclass
class Diff:
    cards: list[CardDiff]
    old_typed: int
    old_segments: int
    new_typed: int
    new_segments: int

    @property
    def changed(self) -> bool:
        return bool(self.cards) or (self.old_typed, self.old_segments) != (self.new_typed, self.new_segments)

    def render(self) -> str:
        out = []
        for c in self.cards:
            mark = {"added": "+", "removed": "-", "changed": "~"}[c.status]
            out.append(f"{mark} {c.card} ({c.set})")
            out.extend("    " + line for line in c.lines)
        old = 100.0 * self.old_typed / self.old_segments if self.old_segments else 0.0
        new = 100.0 * self.new_typed / self.new_segments if self.new_segments else 0.0
        out.append(f"типизировано: {self.old_typed}/{self.old_segments} ({old:.1f} %) → "
                   f"{self.new_typed}/{self.new_segments} ({new:.1f} %), Δ {new - old:+.1f} п.п.")
        if not self.cards:
            out.append("изменений смысла нет")
        else:
            out.append(f"карт с изменениями: {len(self.cards)}")
        return "\n".join(out)


def diff(old: dict[tuple[str, str], Entry], new: dict[tuple[str, str], Entry]) -> Diff:
    cards: list[CardDiff] = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a is None:
            cards.append(CardDiff(b.card, b.set, "added", [f"+ {_summ(x)}" for x in b.abilities]))
        elif b is None:
            cards.append(CardDiff(a.card, a.set, "removed", [f"- {_summ(x)}" for x in a.abilities]))
        elif a.abilities != b.abilities:
            cards.append(CardDiff(b.card, b.set, "changed", _ability_diff(a.abilities, b.abilities)))
    return Diff(cards, sum(sum(e.typed) for e in old.values()), sum(len(e.typed) for e in old.values()),
                sum(sum(e.typed) for e in new.values()), sum(len(e.typed) for e in new.values()))


def _ability_diff(old: tuple[str, ...], new: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            continue
        if op == "replace" and i2 - i1 == j2 - j1:
            for k in range(i2 - i1):
                out.append(f"~ способность {i1 + k + 1}: {_summ(old[i1 + k])}")
                out.extend("    " + change for change in _field_changes(json.loads(old[i1 + k]),
                                                                          json.loads(new[j1 + k])))
            continue
        out.extend(f"- {_summ(x)}" for x in old[i1:i2])
        out.extend(f"+ {_summ(x)}" for x in new[j1:j2])
    return out


def _summ(ability_json: str) -> str:
    return summary(A.from_dict(json.loads(ability_json)))


def _field_changes(a: Any, b: Any, path: str = "") -> list[str]:
    """Paths where two canonical dicts differ: ``effects[0].damage: 2 → 2-3-4``."""
    if isinstance(a, dict) and isinstance(b, dict) and a.get("node") == b.get("node"):
        out = []
        for key in sorted(set(a) | set(b)):
            if key == "node":
                continue
            out.extend(_field_changes(a.get(key), b.get(key), f"{path}.{key}" if path else key))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b)):
            out.extend(_field_changes(x, y, f"{path}[{i}]"))
        return out
    if a == b:
        return []
    return [f"{path or 'узел'}: {_short(a)} → {_short(b)}"]


def _short(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, dict) and "node" in v for v in value):
        return "[" + "; ".join(summary(A.from_dict(v)) for v in value) + "]"
    if isinstance(value, dict) and "node" in value:
        node = A.from_dict(value)
        text = inline(node)
        return text if not text.startswith(type(node).__name__ + "(") else value["node"]
    if value is None:
        return "—"
    return json.dumps(value, ensure_ascii=False)
