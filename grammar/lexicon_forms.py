"""The rest of a known word's paradigm (issue 9: a later set uses the same words in other forms).

grammar/lexicon.py lists the forms of a verb that card text showed; a verb of the language has
them all.  This module writes, for the verbs the lexicon already knows, the finite paradigm
from the stem and its conjugation — infinitive, present 3rd person, imperative, past, and
their «-ся» forms where the lexicon reads the verb's «-ся» present already — as stem rules with the verb's own (terminal, lemma).  So:

* a form the development lists never showed («вызывают», «начинается», «используется») is read
  as the verb it is, with the form ``lexicon.verb_form`` reads off its ending, and the frames
  decide as for any form of that verb (a form a frame does not take keeps the line Opaque);
* the generalisation protocol (``lexicon.restricted``, ``grammar.lexemes``) attests the verb by
  any of its forms — the rules text's «поменяло» teaches «поменять».

The rules are appended after the lexicon's own, so they only read words no rule of the lexicon
matched (first match wins): a word the lexicon reads keeps its reading.  Participles and gerunds
are not written here (their terminals carry a reading of their own: PART, ADJ, GER).
The same for a few nouns and adjectives whose case forms card text did not show (an event noun's
instrumental «объявлением», dative «открытию»; «бонусом», «рывке», «рассадку»).
No new word is added here, only forms of words grammar/lexicon.py has.
"""
from __future__ import annotations

#: (plain endings, reflexive endings) after a stem ending in the theme vowel «а / я» (1st
#: conjugation: «вызыва-ть»)
_A = (("ть", "ет", "ют", "ете", "й", "йте", "л", "ла", "ло", "ли"),
      ("ться", "ется", "ются", "лся", "лась", "лось", "лись"))
#: the present and the infinitive only (no imperfective past: «погибало» is no event)
_A_PRES = (_A[0][:6], _A[1][:3])
#: 2nd conjugation «-ить» (the stem before «и»: «возрод-ить»)
_I = (("ить", "ит", "ят", "ите", "ил", "ила", "ило", "или"),
      ("иться", "ится", "ятся", "ился", "илась", "илось", "ились"))
#: «-овать» (the stem before «ова / у»: «использ-овать», «использ-ует»)
_OV = (("овать", "ует", "уют", "уете", "уйте", "овал", "овала", "овало", "овали"),
       ("оваться", "уется", "уются", "овался", "овалась", "овалось", "овались"))
#: «-нуть» (the stem before «ну»: «покин-уть»)
_NU = (("уть", "ет", "ут", "ете", "ьте", "ул", "ула", "уло", "ули"), ("уться", "ется", "утся"))
# which voice a verb has here: both, the plain forms only, the reflexive only («сражаться»,
# «промахиваться»: the plain form is another verb).  The «-ся» forms only for a verb whose «-ся»
# present the lexicon already reads («закрывается», «уничтожается»): elsewhere a «-ся» form is a
# passive or another verb («объявляется атака» is no declaration of the card's own, «получается»
# no «gets»), and a frame that reads the lemma could take it for the active voice.
B, PLAIN, REFL = (0, 1), (0,), (1,)

# (lemma of grammar/lexicon.py, conjugation, voices, stems)
_VERBS: tuple[tuple[str, tuple, tuple[int, ...], tuple[str, ...]], ...] = (
    ("use", _OV, PLAIN, ("использ",)),
    ("ignore", _OV, PLAIN, ("игнорир",)),
    ("block", _OV, B, ("блокир", "заблокир")),
    ("teleport", _OV, B, ("телепортир",)),
    ("act", _OV, PLAIN, ("действ",)),
    ("incarnate", _OV, PLAIN, ("инкарнир",)),
    ("swap", _A, B, ("поменя",)),
    ("prevent", _A, PLAIN, ("предотвраща",)),
    ("prevent", _I, PLAIN, ("предотврат",)),
    ("declare", _A, PLAIN, ("объявля",)),
    ("assign", _A, PLAIN, ("назнача",)),
    ("assign", _I, PLAIN, ("назнач",)),
    ("change", _A, PLAIN, ("изменя",)),
    ("change", _I, PLAIN, ("измен",)),
    ("play", _A, PLAIN, ("разыгрыва", "разыгра")),
    ("destroy", _A, B, ("уничтожа",)),
    ("cancel", _A, PLAIN, ("отменя",)),
    ("show", _A, PLAIN, ("показыва",)),
    ("interrupt", _A, PLAIN, ("прерыва",)),
    ("win", _A, PLAIN, ("выигрыва", "выигра")),
    ("reroll", _A, PLAIN, ("перебрасыва",)),
    ("roll", _A, PLAIN, ("броса",)),
    ("arrive", _A, PLAIN, ("попада",)),
    ("get", _A, PLAIN, ("получа",)),
    ("get", _I, PLAIN, ("получ",)),
    ("close", _A, B, ("закрыва",)),
    ("open", _A, B, ("открыва",)),
    ("move", _A, B, ("перемеща",)),
    ("move", _I, B, ("перемест",)),
    ("heal", _A, B, ("излечива",)),
    ("summon", _A, PLAIN, ("вызыва",)),
    ("revive", _A, B, ("возрожда",)),
    ("revive", _I, B, ("возрод",)),
    ("exile", _A, B, ("изгоня",)),
    ("put", _A, PLAIN, ("помеща",)),
    ("put", _I, PLAIN, ("помест",)),
    ("remove", _A, PLAIN, ("убира", "снима")),
    ("redistribute", _A, PLAIN, ("перераспределя",)),
    ("redirect", _A, PLAIN, ("перенаправля",)),
    ("shoot", _A, PLAIN, ("стреля",)),
    ("reduce", _A, PLAIN, ("уменьша", "ослабля")),
    ("reflect", _A, PLAIN, ("отража",)),
    ("fight", _A, REFL, ("сража",)),
    ("begin", _A, PLAIN, ("начина",)),
    ("leave", _A, PLAIN, ("покида",)),
    ("leave", _NU, PLAIN, ("покин",)),
    ("discard", _A, PLAIN, ("сбрасыва",)),
    ("poison", _A, PLAIN, ("отравля",)),
    ("stun", _A, PLAIN, ("оглуша",)),
    ("prepare", _A, PLAIN, ("подготавлива",)),
    ("land", _A, REFL, ("приземля",)),
    ("land", _I, REFL, ("приземл",)),
    ("double", _A, B, ("удваива",)),
    ("die", _A_PRES, PLAIN, ("погиба",)),
    ("occupy", _A, PLAIN, ("занима",)),
    ("keep", _A, B, ("сохраня",)),
    ("keep", _I, B, ("сохран",)),
    ("jump", _A, PLAIN, ("прыга",)),
    ("miss", _A, REFL, ("промахива",)),
    ("defend", _A, PLAIN, ("выступа",)),
    ("lose", _A, PLAIN, ("потеря", "теря")),
)

# --- nouns: the case forms of a noun the lexicon knows that card text did not show yet
#: (endings) by declension, after the stem
_N_IE = ("ие", "ия", "ию", "ием", "ии")                    # «объявлени-е»: the singular
_N_IE_PL = ("ий", "иям", "иями", "иях")
_N_M = ("", "а", "у", "ом", "е", "ы", "ов", "ам", "ами", "ах")   # «бонус»
_N_M_K = ("а", "у", "ом", "е", "и", "ов", "ам", "ами", "ах")     # «прыжк-а» (the «-ок» form is the rule's)
_N_F_K = ("а", "и", "е", "у", "ой", "ам", "ами", "ах")           # «рассадк-а»

_NOUNS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("direction", _N_IE + _N_IE_PL, ("направлен",)),
    ("evt:move", _N_IE_PL, ("перемещен", "движен")),
    ("evt:arrival", _N_IE, ("попадан",)),
    ("evt:receiving", _N_IE, ("получен",)),
    ("evt:determination", _N_IE, ("определен",)),
    ("evt:declaration", _N_IE, ("объявлен",)),
    ("evt:opening", _N_IE, ("открыт",)),
    ("evt:closing", _N_IE, ("закрыт",)),
    ("evt:healing", _N_IE, ("излечен",)),
    ("evt:fight", _N_IE_PL, ("сражен",)),
    ("unity", _N_IE, ("единен",)),
    ("stun", _N_IE, ("оглушен",)),
    ("bonus", _N_M, ("бонус",)),
    ("jump", _N_M_K, ("прыжк",)),
    ("dash", _N_M_K, ("рывк",)),
    ("evt:placement", _N_F_K, ("рассадк",)),
)


def _rule(stems, endings) -> str:
    """A stem rule's pattern: one of the stems, then one of the endings (longest first)."""
    return "(?:" + "|".join(stems) + ")(?:" + "|".join(sorted(endings, key=len, reverse=True)) + ")"


#: (pattern, terminal, lemma) rules in the shape of grammar/lexicon.py's, appended to its own
RULES: list[tuple[str, str, str]] = [
    (_rule(stems, (e for v in voices for e in conj[v])), "VERB", lemma) for lemma, conj, voices, stems in _VERBS]
RULES += [(_rule(stems, ends), "NOUN", lemma) for lemma, ends, stems in _NOUNS]

# --- adjectives: the plural of «атакующий» (its singular is the lexicon's), and «нападающий» /
#     «напавший», the participles of «нападать» the rules text names the attacker by (the card
#     that made the attack, as «атакующий»)
_SIB = ("ий", "ая", "ее", "ие", "его", "ей", "ему", "ую", "их", "им", "ими", "ем")
RULES += [("атакующ(?:ими|ие|их|ем)", "ADJ", "attacker"),
          (_rule(("нападающ", "напавш"), _SIB), "ADJ", "attacker")]
