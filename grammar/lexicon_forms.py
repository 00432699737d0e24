"""The rest of a known word's paradigm (issue 9: a later set uses the same words in other forms).

grammar/lexicon.py lists the forms of a verb that card text showed; a verb of the language has
them all.  This module writes, for the verbs the lexicon already knows, the finite paradigm
from the stem and its conjugation — infinitive, present 3rd person, imperative, past, each
with its reflexive («-ся») — as stem rules with the verb's own (terminal, lemma).  So:

* a form the development lists never showed («вызывают», «начинается», «используется») is read
  as the verb it is, with the form ``lexicon.verb_form`` reads off its ending, and the frames
  decide as for any form of that verb (a form a frame does not take keeps the line Opaque);
* the generalisation protocol (``lexicon.restricted``, ``grammar.lexemes``) attests the verb by
  any of its forms — the rules text's «поменяло» teaches «поменять».

The rules are appended after the lexicon's own, so they only read words no rule of the lexicon
matched (first match wins): a word the lexicon reads keeps its reading.  Participles and gerunds
are not written here (their terminals carry a reading of their own: PART, ADJ, GER).
The same for a few nouns whose case forms card text did not show (an event noun's
instrumental «объявлением», dative «открытию»; «бонусом», «рывке», «рассадку»).
No new word is added here, only forms of words grammar/lexicon.py has.
"""
from __future__ import annotations

#: (plain endings, reflexive endings) after a stem ending in the theme vowel «а / я» (1st
#: conjugation: «вызыва-ть»)
_A = (("ть", "ет", "ют", "ете", "й", "йте", "л", "ла", "ло", "ли"),
      ("ться", "ется", "ются", "лся", "лась", "лось", "лись"))
#: 2nd conjugation «-ить» (the stem before «и»: «возрод-ить»)
_I = (("ить", "ит", "ят", "ите", "ил", "ила", "ило", "или"),
      ("иться", "ится", "ятся", "ился", "илась", "илось", "ились"))
#: «-овать» (the stem before «ова / у»: «использ-овать», «использ-ует»)
_OV = (("овать", "ует", "уют", "уете", "уйте", "овал", "овала", "овало", "овали"),
       ("оваться", "уется", "уются", "овался", "овалась", "овалось", "овались"))
#: «-нуть» (the stem before «ну»: «покин-уть»)
_NU = (("уть", "ет", "ут", "ете", "ьте", "ул", "ула", "уло", "ули"), ("уться", "ется", "утся"))
# which voice a verb has in card text: both, the plain forms only (an intransitive verb, or one
# whose «-ся» form means another thing: «получается», «бросается»), the reflexive only
# («сражаться», «промахиваться»: the plain form is another verb)
B, PLAIN, REFL = (0, 1), (0,), (1,)

# (lemma of grammar/lexicon.py, conjugation, voices, stems)
_VERBS: tuple[tuple[str, tuple, tuple[int, ...], tuple[str, ...]], ...] = (
    ("use", _OV, B, ("использ",)),
    ("ignore", _OV, B, ("игнорир",)),
    ("block", _OV, B, ("блокир", "заблокир")),
    ("teleport", _OV, B, ("телепортир",)),
    ("act", _OV, PLAIN, ("действ",)),
    ("incarnate", _OV, PLAIN, ("инкарнир",)),
    ("swap", _A, B, ("поменя",)),
    ("prevent", _A, B, ("предотвраща",)),
    ("prevent", _I, B, ("предотврат",)),
    ("declare", _A, B, ("объявля",)),
    ("assign", _A, B, ("назнача",)),
    ("assign", _I, B, ("назнач",)),
    ("change", _A, B, ("изменя",)),
    ("change", _I, B, ("измен",)),
    ("play", _A, B, ("разыгрыва", "разыгра")),
    ("destroy", _A, B, ("уничтожа",)),
    ("cancel", _A, B, ("отменя",)),
    ("show", _A, B, ("показыва",)),
    ("interrupt", _A, B, ("прерыва",)),
    ("win", _A, PLAIN, ("выигрыва", "выигра")),
    ("reroll", _A, B, ("перебрасыва",)),
    ("roll", _A, PLAIN, ("броса",)),
    ("arrive", _A, PLAIN, ("попада",)),
    ("get", _A, PLAIN, ("получа",)),
    ("get", _I, PLAIN, ("получ",)),
    ("close", _A, B, ("закрыва",)),
    ("open", _A, B, ("открыва",)),
    ("move", _A, B, ("перемеща",)),
    ("move", _I, B, ("перемест",)),
    ("heal", _A, B, ("излечива",)),
    ("summon", _A, B, ("вызыва",)),
    ("revive", _A, B, ("возрожда",)),
    ("revive", _I, B, ("возрод",)),
    ("exile", _A, B, ("изгоня",)),
    ("put", _A, B, ("помеща",)),
    ("put", _I, B, ("помест",)),
    ("remove", _A, B, ("убира", "снима")),
    ("redistribute", _A, B, ("перераспределя",)),
    ("redirect", _A, B, ("перенаправля",)),
    ("shoot", _A, PLAIN, ("стреля",)),
    ("reduce", _A, B, ("уменьша", "ослабля")),
    ("reflect", _A, B, ("отража",)),
    ("fight", _A, REFL, ("сража",)),
    ("begin", _A, B, ("начина",)),
    ("leave", _A, PLAIN, ("покида",)),
    ("leave", _NU, PLAIN, ("покин",)),
    ("discard", _A, B, ("сбрасыва",)),
    ("poison", _A, B, ("отравля",)),
    ("stun", _A, B, ("оглуша",)),
    ("prepare", _A, B, ("подготавлива",)),
    ("land", _A, REFL, ("приземля",)),
    ("land", _I, REFL, ("приземл",)),
    ("double", _A, B, ("удваива",)),
    ("die", _A, PLAIN, ("погиба",)),
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

#: (pattern, terminal, lemma) rules in the shape of grammar/lexicon.py's, appended to its own
RULES: list[tuple[str, str, str]] = [
    ("(?:" + "|".join(stems) + ")(?:" + "|".join(sorted((e for v in voices for e in conj[v]), key=len, reverse=True))
     + ")", "VERB", lemma)
    for lemma, conj, voices, stems in _VERBS
]
RULES += [("(?:" + "|".join(stems) + ")(?:" + "|".join(sorted(ends, key=len, reverse=True)) + ")", "NOUN", lemma)
          for lemma, ends, stems in _NOUNS]
