"""The word classes of Berserk ability text: every folded word form → (terminal, lemma).

A *closed* lexicon of function words (prepositions, conjunctions, determiners) and an *open*
lexicon of content words by stem (nouns, adjectives, verbs).  The chunk grammar
(grammar/language.lark) is written over the terminals, the frames (grammar/frames_*.py) read the
lemmas; so a new sentence built from known words parses without a grammar change, and a new
word is one line here (card names and class names of a card list come with the list:
``grammar.tokens.Vocabulary``).

Lemmas are the grammar's internal ids (``creature``, ``atk:shot``, ``evt:death`` …); the frames
turn them into the members of ``berserk.vocab`` that the AST carries.

Terminals used here (the grammar declares them):
  NOUN ADJ VERB PART GER PRON SELF NEG NO IS AND OR EITHER IF WHILE WHEN WHERE THEN ELSE
  ONLY EXCEPT ALSO AS THAN EVEN MORE LESS EACHW ALLW NUMW ORDW ADV P_* (prepositions)
Lemma strings are English ids (``creature``, ``wound`` …) that the transformer's frames use.
"""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Iterator

# ------------------------------------------------------------------ closed classes (exact forms)
CLOSED: dict[str, tuple[str, str]] = {}


def _closed(terminal: str, lemma: str, forms: str) -> None:
    for f in forms.split():
        CLOSED[f] = (terminal, lemma)


_closed("P_NA", "na", "на")
_closed("P_PO", "po", "по")
_closed("P_K", "k", "к ко")
_closed("P_OT", "ot", "от")
_closed("P_S", "s", "с со")
_closed("P_V", "v", "в во")
_closed("P_DO", "do", "до")
_closed("P_ZA", "za", "за")
_closed("P_PRI", "pri", "при")
_closed("P_BEZ", "bez", "без")
_closed("P_IZ", "iz", "из")
_closed("P_POSLE", "posle", "после")
_closed("P_CHEREZ", "cherez", "через")
_closed("P_DLYA", "dlya", "для")
_closed("P_MEZHDU", "mezhdu", "между")
_closed("P_POD", "pod", "под")
_closed("P_U", "u", "у")
_closed("P_VMESTO", "vmesto", "вместо")
_closed("P_KROME", "krome", "кроме")
_closed("P_OTNOSIT", "relative_to", "относительно")
_closed("P_NAD", "nad", "над")
_closed("AND", "and", "и а")
_closed("OPP", "enemy", "противника")
_closed("OR", "or", "или")
_closed("EITHER", "either", "либо")
_closed("IF", "if", "если")
_closed("WHILE", "while", "пока")
_closed("WHEN", "when", "когда")
_closed("WHERE", "where", "где")
_closed("THEN", "then", "затем потом")
_closed("ELSE", "else", "иначе")
_closed("ONLY", "only", "только")
_closed("ALSO", "also", "также тоже еще")
_closed("AS", "as", "как")
_closed("THAN", "than", "чем")
_closed("NEG", "not", "не")
_closed("NO", "no", "нет")
_closed("IS", "is", "есть")
# the modal predicatives: a closed class of the language (issue 9: «нельзя» is no set's word;
# before 2026-12-01 they were open rules, see docs/grammar.md «Generalisation»)
_closed("MODAL", "can", "может могут можете можно мочь")
_closed("MODAL", "must", "обязан обязана обязано обязаны должен должна должно должны")
_closed("MODAL", "forbidden", "нельзя")
_closed("MORE", "more", "более больше")
_closed("LESS", "less", "менее меньше")
_closed("EVEN", "even", "бы")          # «хотя бы» → MWE; a lone «бы» is rare
_closed("ALLW", "all", "все всех всем всеми вся всю")
_closed("SELFW", "self", "себя себе собой сам сама само сами")
_closed("ADV", "near", "рядом")
_closed("ADV", "opposite", "напротив")
_closed("ADV", "behind", "сзади позади")
_closed("ADV", "left", "слева")
_closed("ADV", "right", "справа")
_closed("ADV", "in_a_row", "подряд")
_closed("ADV", "twice", "дважды")
_closed("ADV", "fully", "полностью")
_closed("ADV", "free_of_charge", "бесплатно")
_closed("ADV", "simultaneously", "единовременно одновременно")
_closed("ADV", "instead", "вместо")
_closed("ADV", "again", "снова")
_closed("ADV", "places", "местами")
_closed("PRON", "it", "он она оно они его ее их него нее них ним ней ними нему ему ей им нем")
_closed("PRON", "you", "вы вас вам")
_closed("WHICH", "which", "которое который которая которые которого которой которому которую "
        "которым которых которыми котором")
_closed("ADJ", "this", "это этот эта эту этого этой этому этом эти этих этим этими тот та то той "
        "того тому те тех")
_closed("ADJ", "such", "такой такая такое такие таких такого такой таким такими")
_closed("ADJ", "any_which", "какую-либо какой-либо какое-либо какого-либо")
_closed("ADJ", "none", "никаких никакие никакого никакой никакую никаким")

# number words
NUMBER_WORDS = {
    "один": 1, "одна": 1, "одно": 1, "одну": 1, "одного": 1, "одной": 1, "одним": 1, "одном": 1,
    "одному": 1, "два": 2, "две": 2, "двух": 2, "двумя": 2, "двум": 2, "три": 3, "трех": 3,
    "тремя": 3, "трем": 3, "четыре": 4, "четырех": 4, "пять": 5, "пяти": 5, "шесть": 6,
    "шести": 6, "семь": 7, "восемь": 8, "обе": 2, "оба": 2, "обеих": 2,
}
ORDINALS = {"перв": 1, "втор": 2, "трет": 3, "четверт": 4, "пят": 5, "шест": 6}

# ------------------------------------------------------------------ open classes (stem rules)
# (regex over the whole folded word, terminal, lemma).  First match wins: specific before general.
_RULES: list[tuple[str, str, str]] = []


def _r(terminal: str, lemma: str, *patterns: str) -> None:
    for p in patterns:
        _RULES.append((p, terminal, lemma))


# --- nouns: entities
_r("NOUN", "creature", r"существ(?:о|а|у|ом|е|ам|ами|ах)?")
_r("NOUN", "card", r"карт(?:а|ы|е|у|ой|ам|ами|ах)?")
_r("NOUN", "cell", r"клетк(?:а|и|е|у|ой|ам|ами|ах)|клеток")
_r("NOUN", "artifact", r"артефакт(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "host", r"хозяин(?:а|у|ом|е)?|хозяев(?:а|ам|ами|ах)?")
_r("NOUN", "parasite", r"паразит(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "symbiote", r"симбиот(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "companion", r"компаньон(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "defender", r"защитник(?:а|у|ом|е|и|ов|ам|ами|ах)?")
_r("NOUN", "target", r"цел(?:ь|и|ью|ей|ям|ями|ях)")
_r("NOUN", "hero", r"геро(?:й|я|ю|ем|и|ев|ям|ями|ях|е)")
_r("NOUN", "opponent", r"противник(?:у|ом|е)?")
_r("NOUN", "owner", r"владел(?:ец|ьца|ьцу|ьцем|ьце|ьцы|ьцев|ьцам|ьцами)")
_r("NOUN", "terrain", r"местност\w*|пустын(?:я|и|ю|е)|болот(?:о|а)|лес|гор(?:ы|а)")
# --- nouns: board and game objects
_r("NOUN", "row", r"ряд(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "column", r"столб(?:ец|ца|це|цу|цом|цы|цов|цам|цах)")
_r("NOUN", "line", r"прям(?:ой|ая|ую)")
_r("NOUN", "half", r"половин(?:а|ы|у|е|ой|ам|ами|ах)")
_r("NOUN", "field", r"пол(?:е|я)")                     # «поле боя» (MWE in tokens.py)
_r("NOUN", "direction", r"направлени(?:е|и|я|ях|ям)")
_r("NOUN", "turn", r"ход(?:а|у|е|ом|ов|ы|ам|ами|ах)?")
_r("NOUN", "fight", r"бо(?:й|я|ю|ем)")
_r("NOUN", "game", r"игр(?:а|ы|е|у|ой)")
_r("NOUN", "counter", r"фишк(?:а|и|у|ой|е|ам|ами|ах)|фишек")       # the word for {counter}
_r("NOUN", "squad", r"отряд(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "graveyard", r"кладбищ(?:е|а|у|ем|ах)")
_r("NOUN", "deck", r"колод(?:а|ы|у|е|ой|ам|ами|ах)?")
_r("NOUN", "hand", r"раздач(?:а|и|у|е|ей)|рук(?:а|и|у|е|ой|ам|ами|ах)")
_r("NOUN", "top", r"верх")
_r("NOUN", "bottom", r"низ")
_r("NOUN", "order", r"порядк(?:е|а)|последовательност\w*")
_r("NOUN", "control", r"контрол(?:ем|ь|я)")
_r("NOUN", "wound", r"ран(?:а|ы|у|е|ой|ам|ами|ах)?")
_r("NOUN", "marker", r"маркер(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "token", r"жетон(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "die", r"кубик(?:а|у|ом|е|и|ов|ам|ами|ах)?")
_r("NOUN", "roll", r"брос(?:ок|ка|ку|ком|ке|ки|ков|кам|ками|ках)")
_r("NOUN", "times", r"раз(?:а)?")
_r("NOUN", "result", r"результат(?:а|у|ом|ов|ы|е|ам|ами|ах)?")
_r("NOUN", "value", r"значени(?:е|я|ю|ем|и|й|ям|ями|ях)")
_r("NOUN", "number", r"числ(?:о|а|у|ом|е|ам|ами|ах)|чисел")
_r("NOUN", "ability", r"особенност(?:ь|и|ью|ей|ям|ями|ях)|способност(?:ь|и|ью|ей|ям|ями|ях)")
_r("NOUN", "bonus", r"бонус(?:ы|ов|ам)?")
_r("NOUN", "name", r"названи(?:е|я|ю|ем|и|й|ям|ями|ях)|им(?:я|ени|енем)")
_r("NOUN", "text", r"текст(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "crystal", r"кристалл(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "unit", r"единиц(?:а|ы|у|е|ей|ам|ами|ах)?")
_r("NOUN", "class", r"класс(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "action", r"действи(?:е|я|ю|ем|и|й|ям|ями|ях)")
_r("NOUN", "modifier", r"модификатор(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "eliteness", r"элитност(?:и|ь)")
_r("NOUN", "moment", r"момент(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "chain", r"цепочк(?:у|а|и)")
_r("NOUN", "place", r"мест(?:о|е|а|у|ом|ам|ах)?")
# --- nouns: quantities (heads of a measure «количество …», «величина …»)
_r("NOUN", "amount", r"количеств(?:о|а|у|ом|е)|сумм(?:а|у|ы|е|ой)")
_r("NOUN", "magnitude", r"величин(?:а|у|ы|е|ой)")
_r("NOUN", "range", r"дальност(?:ь|и|ью)")
_r("NOUN", "cost", r"стоимост(?:ь|и|ью|ей|ям)")
_r("NOUN", "strength", r"сил(?:а|у|ы|е|ой)")
_r("NOUN", "life", r"жизн(?:ь|и|ей|ью|ям|ями|ях)")
# --- nouns: attacks (lemma = attack kind)
_r("NOUN", "atk:strike", r"удар(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "atk:any", r"атак(?:а|и|е|у|ой|ам|ами|ах)?")
_r("NOUN", "atk:shot", r"выстрел(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "atk:discharge", r"разряд(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "atk:throw", r"метани(?:е|я|ю|ем|и|й|ям|ями)")
_r("NOUN", "atk:assault", r"нападени(?:е|я|ю|ем|и|й)")
_r("NOUN", "finishing", r"добивани(?:е|я|ю|ем|и)")
_r("NOUN", "poison", r"отравлени(?:е|я|ю|ем|и)")
_r("NOUN", "vampirism", r"вампиризм(?:а|у|ом|е)?")
_r("NOUN", "prophecy", r"пророчеств(?:о|а|у|ом|е)")
_r("NOUN", "incarnation", r"инкарнаци(?:я|и|ю|ей)")
_r("NOUN", "corpse_eating", r"трупоедств(?:о|а|у|ом|е)")
_r("NOUN", "clumsiness", r"неповоротливост(?:ь|и|ью)")
_r("NOUN", "flight", r"пол[её]т(?:а|у|ом|е)?")
_r("NOUN", "teleport", r"телепортаци(?:я|и|ю|ей)")
_r("NOUN", "jump", r"прыж(?:ок|ка|ку|ком|ке)")
_r("NOUN", "horde", r"орд(?:а|ы|у|е|ой)")
_r("NOUN", "stamina", r"стойкост(?:ь|и|ью)")
_r("NOUN", "incorporeality", r"бестелесност(?:ь|и|ью)")
_r("NOUN", "dash", r"рыв(?:ок|ка|ком)")
_r("NOUN", "invulnerability", r"неуязвимост(?:ь|и|ью)")
_r("NOUN", "armor_kw", r"брон(?:я|и|ю|ей)")
_r("NOUN", "regen_kw", r"регенераци(?:я|и|ю|ей)")
_r("NOUN", "experience", r"опыт(?:а|у|ом|е)?")
_r("NOUN", "protection", r"защит(?:а|ы|у|е|ой|ам|ами|ах)")
_r("NOUN", "valhalla", r"вальхалл(?:а|ы|у|ой|е)")
_r("NOUN", "formation", r"стро(?:й|я|ю|ем|е)")
_r("NOUN", "magic_noun", r"маги(?:я|и|ю|ей)")
_r("NOUN", "spell", r"заклинани(?:е|я|ю|ем|и|й|ям)")
_r("NOUN", "effect", r"воздействи(?:е|я|ю|ем|и|й|ям)")
_r("NOUN", "evt:death", r"гибел(?:ь|и|ью)")
_r("NOUN", "evt:move", r"перемещени(?:е|я|ю|ем|и)|движени(?:е|я|ю|ем|и)|передвижени(?:е|я|ю|и)")
_r("NOUN", "evt:miss", r"промах(?:а|у|е|и|ом|ов|ам|ами|ах)?")
_r("NOUN", "evt:arrival", r"попадани(?:е|я|и)")
_r("NOUN", "evt:receiving", r"получени(?:е|я|и)")
_r("NOUN", "evt:recruit", r"набор(?:а|у|е|ом)?")
_r("NOUN", "evt:determination", r"определени(?:е|я|и)")
_r("NOUN", "evt:declaration", r"объявлени(?:е|я|и)")
_r("NOUN", "evt:opening", r"открыти(?:е|я|и)")
_r("NOUN", "evt:healing", r"излечени(?:е|я|и)")
_r("NOUN", "evt:placement", r"рассадк(?:а|и|е)")
_r("NOUN", "evt:fight", r"сражени(?:е|я|ю|ем|и)")
# --- «Берсерк. Герои» (heroes-15): coins, prayer tokens, search; keywords of part 7
_r("NOUN", "coin", r"монет(?:а|ы|у|ой|е|ам|ами|ах)?")
_r("NOUN", "prayer", r"молитв(?:а|ы|у|ой|е|ам|ами|ах)?")
_r("NOUN", "search", r"поиск(?:а|у|е|ом|и)?")
_r("NOUN", "vulnerability", r"уязвимост(?:ь|и|ью)")
_r("NOUN", "wrath", r"гнев(?:а|у|ом|е)?")
_r("NOUN", "frenzy", r"бешенств(?:о|а|у|ом|е)")
_r("NOUN", "uniqueness", r"уникальност(?:ь|и|ью)")
_r("NOUN", "undeadness", r"нем[её]ртв(?:ый|ая|ое|ого|ому|ым)")
_r("NOUN", "fury", r"ярост(?:ь|и|ью)")
_r("NOUN", "scales", r"чешу(?:я|и|ю|ей)")
_r("NOUN", "meditation", r"медитаци(?:я|и|ю|ей)")
_r("NOUN", "unity", r"единени(?:е|я|ю|ем)")
_r("NOUN", "superiority", r"превосходств(?:о|а|у|ом|е)")
_r("NOUN", "elusiveness", r"неуловимост(?:ь|и|ью)")
_r("NOUN", "stun", r"оглушени(?:е|я|ю|ем)")
_r("NOUN", "element", r"стихи(?:я|и|ю|ей|й|ям|ями|ях)")
# support classes, only as what a card becomes («становится оружием»): the other forms are names
_r("NOUN", "weapon", r"оружием")
_r("NOUN", "amulet", r"амулетом")
_r("NOUN", "event", r"событием")
_r("NOUN", "fx", r"эффект(?:а|у|ом|е|ы|ов|ам|ами|ах)?")               # an effect lying on a card
_r("NOUN", "player", r"игрок(?:а|у|ом|е|и|ов|ам|ами|ах)?")
_r("NOUN", "character", r"персонаж(?:а|у|ем|е|и|ей|ам|ами|ах)?")       # a hero or a creature
_r("NOUN", "module", r"модул(?:ь|я|ю|ем|е)")
_r("NOUN", "clutch", r"кладк(?:а|и|у|ой|е|ам|ами|ах)|кладок")
_r("NOUN", "stealth", r"скрытност(?:ь|и|ью)")
_r("NOUN", "vanguard", r"авангард(?:а|у|ом|е)?")
_r("NOUN", "ambush", r"засад(?:а|ы|у|е|ой)")
_r("NOUN", "created", r"созданн(?:ый|ая|ое)")          # only as a keyword (a unit of its own)
_r("NOUN", "sleeper", r"спящ(?:ий|его|ему|им|ем)")
# --- class nouns known to the language (cards add theirs: tokens.Vocabulary); the lemma is the
#     class as card lists name it (the judge compares it with the card's classes)
_r("NOUN", "cls:орк", r"орк(?:а|у|ом|е|и|ов|ам|ами|ах)?")
_r("NOUN", "cls:гном", r"гном(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:демон", r"демон(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:нежить", r"нежит(?:ь|и|ью)")
_r("NOUN", "cls:йордлинг", r"йордлинг(?:а|у|ом|е|и|ов|ам|ами|ах)?")
_r("NOUN", "cls:эльф", r"эльф(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:тролль", r"тролл(?:ь|я|ю|ем|е|и|ей|ям|ями)")
_r("NOUN", "cls:дракон", r"дракон(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:инквизитор", r"инквизитор(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:пират", r"пират(?:а|у|ом|е|ы|ов|ам|ами|ах)?")
_r("NOUN", "cls:дух", r"дух(?:а|у|ом|е|и|ов|ам|ами|ах)?")

# --- adjectives (lemma = selector qualifier id).  A rule names the whole paradigm of its word
#     (every case, gender and number), so that a form the development lists never showed is
#     still read: a later set uses the same words in other forms.
_HARD = r"(?:ый|ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом)"             # «случайный»
_SOFT = r"(?:ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)"             # «верхний»
_SIB = r"(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)"              # «текущий» (ш, щ, ч, ж)
_SIB_REFL = r"(?:ийся|аяся|ееся|иеся|егося|ейся|емуся|уюся|ихся|имся|имися|емся)"
_r("ADJ", "own", r"ваш(?:|а|е|и|его|ей|ему|ем|их|им|ими|у)")
_r("ADJ", "own_their", r"сво(?:й|я|е|и|его|ей|ему|ем|их|им|ими|ю)")
_r("ADJ", "other", r"друг(?:ой|ая|ое|ие|ого|ой|ому|ую|их|им|ими|ом)")
_r("ADJ", "chosen", r"выбранн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "any", r"люб(?:ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "each", r"кажд(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "wounded", r"ранен(?:н?(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)|а|о|ы)?")
_r("ADJ", "closed", r"закрыт(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом|ы|а|о)?")
_r("ADJ", "open", r"открыт(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом|ы|а|о)?")
_r("ADJ", "flying", r"летающ(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)")
_r("ADJ", "nonflying", r"нелетающ(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)")
_r("ADJ", "nonflying", r"наземн\w+")
_r("ADJ", "incorporeal", r"бестелесн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "corporeal", r"небестелесн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "poisoned", r"отравленн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "ordinary", r"рядов(?:ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "elite", r"элитн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "elemental", r"стихийн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "neighbour", r"соседн(?:ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")
_r("ADJ", "next", r"следующ(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)")
_r("ADJ", "previous", r"прошл" + _HARD)
_r("ADJ", "last", r"последн" + _SOFT)
_r("ADJ", "free", r"свободн" + _HARD)
_r("ADJ", "free", r"незанят" + _HARD)                # «не-» + «занятый»
_r("ADJ", "occupied", r"занят" + _HARD + r"|занят[аоы]")
# g7b
_r("ADJ", "least", r"наименьш" + _SIB)                          # «с наименьшей стоимостью»
_r("ADJ", "vacated", r"освободивш" + _SIB + "ся")                     # «освободившаяся клетка»
_r("ADJ", "random", r"случайн" + _HARD)
_r("ADJ", "upper", r"верхн" + _SOFT)
_r("ADJ", "extra", r"дополнительн" + _HARD)
_r("ADJ", "current", r"текущ" + _SIB)
_r("ADJ", "remaining", r"оставш" + _SIB_REFL)
_r("ADJ", "different", r"разн" + _HARD)
_r("ADJ", "same_one", r"одинаков" + _HARD)
_r("ADJ", "central", r"центральн" + _HARD)
_r("ADJ", "edge", r"крайн" + _SOFT)
_r("ADJ", "leftmost", r"лев" + _HARD)
_r("ADJ", "rightmost", r"прав" + _HARD)
_r("ADJ", "odd", r"нечетн" + _HARD)
_r("ADJ", "even", r"четн" + _HARD)
_r("ADJ", "big", r"больш" + _SIB)
_r("ADJ", "greatest", r"наибольш" + _SIB)
_r("ADJ", "full", r"полн" + _HARD)
_r("ADJ", "attacked", r"атакованн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
# «атаковавший», «атакующий» and the attack-kind participles «стрелявший», «метнувший»,
# «ударивший»: the card that made the attack the ability is about
_r("ADJ", "attacker", r"(?:атаковавш|стрелявш|метнувш|ударивш)(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими)"
   r"|атакующ(?:ий|ему|его|им|ее|ая|ую|ей)")
_r("ADJ", "summoned", r"вызванн" + _HARD)
_r("ADJ", "shown", r"показанн" + _HARD)
_r("ADJ", "spent", r"потраченн" + _HARD)
_r("ADJ", "destroyed", r"уничтоженн" + _HARD)
_r("ADJ", "exiled", r"изгнанн" + _HARD)
_r("ADJ", "dead", r"погибш" + _SIB)
_r("ADJ", "received", r"полученн" + _HARD)
_r("ADJ", "dealt", r"нанесенн" + _HARD)
_r("ADJ", "in_play", r"действующ" + _SIB)
# strengths and attack adjectives
_r("ADJ", "weak", r"слаб(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "medium", r"средн(?:ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")
_r("ADJ", "strong", r"сильн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "simple", r"прост(?:ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "particular", r"особ(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "magical", r"магическ(?:ий|ая|ое|ие|ого|ой|ому|ую|их|им|ими|ом)")
_r("ADJ", "nonmagical", r"немагическ(?:ий|ая|ое|ие|ого|ой|ому|ую|их|им|ими|ом)")
_r("ADJ", "directed", r"направленн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "unanswerable", r"безответн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "ranged", r"дальн(?:ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")
_r("ADJ", "melee", r"ближн(?:ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")
_r("ADJ", "response", r"ответн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "first_w", r"перв(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "second_w", r"втор(?:ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом)")
_r("ADJ", "third_w", r"трет(?:ий|ья|ье|ьи|ьего|ьей|ьему|ью|ьем|ьих|ьим|ьими)")
# elements (lemma "el:<element>"; «не-» forms negate)
for _stem, _el in (("степн", "степи"), ("горн", "горы"), ("лесн", "леса"), ("болотн", "болота"),
                   ("темн", "тьма"), ("нейтральн", "нейтральные")):
    _r("ADJ", "el:" + _el, _stem + r"(?:ый|ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом|ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")
    _r("ADJ", "el:!" + _el, "не" + _stem + r"(?:ый|ой|ая|ое|ые|ого|ому|ую|ых|ым|ыми|ом|ий|яя|ее|ие|его|ей|ему|юю|их|им|ими|ем)")

# --- participles (post-nominal «, стоящее рядом с …») and gerunds
_r("PART", "standing", r"стоящ" + _SIB)
# «стоявшее рядом с X»: where it stood *before* (the event changed it) — no frame reads it yet,
# so a sentence with it stays Opaque instead of reading the past as the present
_r("PART", "stood", r"стоявш" + _SIB)
_r("PART", "having", r"обладающ(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)")
_r("PART", "located", r"находящ(?:ий|ая|ее|ие|его|ей|ему|ую|их|им|ими|ем)ся")
_r("PART", "obliging", r"обязывающ" + _SIB)
_r("PART", "entered", r"вышедш" + _SIB + r"|появивш" + _SIB_REFL)
_r("PART", "moved", r"перемещавш" + _SIB_REFL)
_r("PART", "being_v", r"являющ(?:ийся|ееся|аяся|иеся|егося|ихся|емуся|имся)")
_r("PART", "wounded", r"удушаем" + _HARD)
_r("GER", "not_closing", r"закрываясь")
_r("GER", "fighting", r"сражаясь")
_r("GER", "choosing", r"выбирая")
_r("GER", "changing", r"меняя")
_r("GER", "throwing", r"бросая")
_r("GER", "shuffling", r"перемешивая")
_r("GER", "being", r"находясь")
_r("GER", "being", r"являясь")
_r("GER", "defending", r"выступая")
_r("GER", "destroying", r"уничтожив")
_r("GER", "moving", r"переместив")

# --- verbs (lemma = action id; the form is read by the transformer: tokens.verb_form).  As
#     the adjectives, a rule names its verb's paradigm: the 2nd conjugation (-ить) in full
#     (``_I2``), the other forms by the rule.
_I2 = r"(?:ить|иться|ит|ится|ят|ятся|ите|ил|ила|ило|или|ился|илась|илось|ились)"
_r("VERB", "wound", r"ран" + _I2 + r"|раньте")
_r("VERB", "heal", r"излеч" + _I2 + r"|излечива(?:ет|ют|ется|ются|ться|ть)")
_r("VERB", "get", r"получ(?:ает|ают|ать|ить|ит|ат|ало|ал|ила|или|ите|аете)")
_r("VERB", "have", r"име(?:ет|ют|ть|ете|л|ла|ло|ли)")
_r("VERB", "give", r"отда(?:йте|ть|ет|ют|дите)")
_r("VERB", "create", r"созда(?:йте|ть|ет|ют)")
_r("VERB", "double", r"удваива(?:ется|ются|ет|ют)")
_r("VERB", "lose", r"(?:по)?теря(?:ет|ют|ть|л|ла|ло|ли|йте|ете)")
_r("VERB", "move", r"перемест(?:ить|иться|ится|ятся|ите|ились|ился|илась|илось)|перемеща(?:ть|ется|ются|ться|лся|лось)|"
   r"передвига(?:ться|ется|ются|лось|лся)|передвинулся|двига(?:ться|лось|лся|ется|ются)|"
   r"перемещен")
_r("VERB", "teleport", r"телепортир(?:оваться|уется|уются|овать|овался|овалась|овалось|уйте)")
_r("VERB", "land", r"приземл(?:иться|ится|ятся|яется|яются)")
_r("VERB", "swap", r"поменя(?:ться|ть|ет|ют|йте)")
_r("VERB", "close", r"закр(?:ыть|ывается|ываются|ываться|ойте|ыться|оется|оются)")
_r("VERB", "open", r"откр(?:ыть|ыться|ывается|ываются|ываться|оется|оются|ойте)")
_r("VERB", "destroy", r"уничтож" + _I2 + r"|уничтож(?:ает|ается|ают|аются|ьте)")
_r("VERB", "die", r"поги(?:бнуть|бает|бают|бнет|б|бла|бло|бли)")
_r("VERB", "summon", r"вызва(?:ть|л|ла)|вызов(?:ите|ет|ут)")
_r("VERB", "revive", r"возро(?:дить|дится|дятся|дите|ждается|ждаются|дился|дилась)")
_r("VERB", "exile", r"изгна(?:ть|л|ла)|изгон(?:ите|яет|яют|яется|яются)")
_r("VERB", "return", r"верн(?:уть|уться|ите|ет|ут|ется|утся|ул|ула|уло|улся|улась)|возвраща(?:ется|ются|ть|ет|ют)")
_r("VERB", "put", r"полож" + _I2 + r"|класть|клад(?:ет|ут|ите)|помест(?:ить|ите|ит|ят)")
_r("VERB", "remove", r"сня(?:ть)|снимите|снима(?:ет|ют)|убрать|уберите|убира(?:ет|ют)|удалить")
_r("VERB", "redistribute", r"перераспредел" + _I2 + r"|перераспредел(?:яет|яют|ять)")
_r("VERB", "redirect", r"перенаправ" + _I2 + r"|перенаправл(?:яет|яют|ять)")
_r("VERB", "block", r"(?:за)?блокир(?:овать|ует|уется|уют)")
_r("VERB", "roll", r"брос" + _I2 + r"|брос(?:ьте|ает|ают|ать)")
_r("VERB", "reroll", r"перебрось(?:те)?|перебросить|перебрасыва(?:ет|ют|ть)")
_r("VERB", "roll_result", r"выбрасыва(?:ет|ют)|выпал(?:о|а)?")
_r("VERB", "choose", r"выб(?:рать|ерите|ирать|рал|рала|рали|ерет|ерут|ираете)")
_r("VERB", "declare", r"объяв" + _I2 + r"|объявл(?:ять|яет|яют)")
_r("VERB", "shoot", r"стреля(?:ть|ет|ют)")
_r("VERB", "attack", r"атак(?:овать|ует|уют|овал|овала|овало|овали)|напа(?:дать|дает|дают|сть)|атакован[аоы]?")
_r("VERB", "reduce_to", r"свод(?:ятся|ится|ит)|свести")
_r("VERB", "reduce", r"уменьш" + _I2 + r"|уменьша(?:ет|ют|ть)|ослаб" + _I2 + r"|ослабл(?:яет|яют|ять)")
_r("VERB", "show", r"показ(?:ать|ывать|ываете|ывает|ываем)|покажите|показана|показан")
_r("VERB", "look", r"(?:по)?смотр(?:еть|ите|ит|ят|ел|ела)")
_r("VERB", "take", r"взять|возьмите|бер(?:[её]т|ут|[её]те|у)|брать|возьм(?:ет|ут|ешь)")
_r("VERB", "pay", r"заплат" + _I2)
_r("VERB", "stand", r"сто(?:ит|ят|ял|яли|ять)")
_r("VERB", "located", r"наход(?:ится|ятся|иться|илось|ился|илась|ились)")
_r("VERB", "defend", r"выступа(?:ет|ть|ют|ете|л|ла|ло|ли)")
_r("VERB", "become", r"стан(?:овится|овятся|ет|ут)|стать")
_r("VERB", "is_v", r"явля(?:ется|ются)|счита(?:ется|ются)")
_r("VERB", "ignore", r"игнориру(?:ет|ют|йте)|игнорировать")
_r("VERB", "prevent", r"предотвра(?:щает|щают|щать|тить|тит|тят|тите)")
_r("VERB", "deal", r"нанос(?:ит|ят|ить)|нанес(?:ла|ло|ли|ти|ет|ут)?")
_r("VERB", "reflect", r"отража(?:ет|ют|ть)")
_r("VERB", "fight", r"сража(?:ется|ются|ться|лся|лась|лось|лись)|сраз(?:иться|ится|ятся)")
_r("VERB", "act", r"действ(?:ует|уют|овать|овал|овала|овало|овали)|выполня(?:ют|ет|ть)")
_r("VERB", "begin", r"начина(?:ет|ют)|начн(?:ет|ут)")
_r("VERB", "enter", r"вход(?:ит|ят|ить)|войти")
_r("VERB", "incarnate", r"инкарнир(?:ует|уют|овать|овал|овала|овало)")
_r("VERB", "want", r"хо(?:чет|тят)")
_r("VERB", "do", r"сделать|делать|соверш(?:ить|ает|ают|ите)")
_r("VERB", "use", r"использ(?:овать|уйте|ует|уют)")
_r("VERB", "assign", r"назнача(?:ть|ет|ют|йте)|назнач(?:ить|ит|ат|ьте)")
_r("VERB", "leave", r"покин(?:ет|ут|уть|ул|ула|уло)|покида(?:ет|ют|ть)")
_r("VERB", "arrive", r"попада(?:ет|ют|ть)|попад(?:ет|ут)|попасть")
_r("VERB", "discard", r"сбр(?:осьте|осить|асывает|асывают|асываете|асывать)")
_r("VERB", "poison", r"отрав" + _I2 + r"|отравл(?:яет|яют|ять)")
_r("VERB", "stun", r"оглуш" + _I2 + r"|оглуша(?:ет|ют|ть)")
_r("VERB", "prepare", r"подготов" + _I2 + r"|подготовьте")
_r("VERB", "play", r"разыгрыва(?:ет|ют|ете|ть)|разыгра(?:ть|йте)")
_r("VERB", "win", r"выигрыва(?:ет|ют|ете)|выигра(?:ть|ли)")
_r("VERB", "cancel", r"отмен" + _I2 + r"|отмен(?:яет|яют|ять)")
_r("VERB", "draw_v", r"тян(?:ет|ут|уть)")
_r("VERB", "interrupt", r"прерыва(?:ет|ют)")
_r("VERB", "equal", r"равен|равна|равно|равны|равн(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
_r("VERB", "change", r"измен(?:ена|ен|ить)")
_r("VERB", "lower", r"снижен(?:а|ы)?")
_r("VERB", "cease", r"перестают|пропадает")
_r("VERB", "pass", r"переход(?:ит|ят)")
_r("VERB", "keep", r"сохраня(?:ется|ются)")
_r("VERB", "occupy", r"занима(?:ет|ют|л|ла|ло|ли)")
_r("VERB", "select_as", r"выбира(?:ть|ет)")

# g7a: effect and trigger words (the lead merges this block)
_r("VERB", "deal", r"нанес(?:ти|ите|ет|ут)|нанос(?:ить|ите)")
_r("VERB", "swap", r"поменя(?:йте|ет|ют|ются|ется)")
_r("VERB", "remove", r"сним(?:ает|ают)|убер(?:ите|ет|ут)")
_r("VERB", "enter", r"выход(?:ит|ят)")
_r("VERB", "get", r"получил[оа]?")
_r("VERB", "miss", r"промахива(?:ется|ются)|промахнул(?:ся|ась|ось)|промахнется")
_r("VERB", "jump", r"прыга(?:ет|ют)|прыгнул[аио]?")
_r("VERB", "close", r"закрыва(?:ет|ют)")
_r("VERB", "open", r"открыва(?:ет|ют)")
_r("VERB", "move", r"перемеща(?:ет|ют)")
_r("VERB", "open", r"открыл(?:ся|ась|ось|ись)")
_r("VERB", "close", r"закрыл(?:ся|ась|ось|ись)")
_r("VERB", "discard", r"сбросил[аи]?")
_r("VERB", "play", r"разыграл[аи]?")
_r("NOUN", "evt:closing", r"закрыти(?:е|я|и)")
_r("ADJ", "attacked", r"атакуем(?:ый|ая|ое|ые|ого|ой|ому|ую|ых|ым|ыми|ом)")
from grammar.lexicon_forms import RULES as _OTHER_FORMS  # noqa: E402  (a known word's other forms)
_RULES.extend(_OTHER_FORMS)

VERB_FORMS = (  # (suffix, form): read from the word, most specific first
    ("иться", "inf_refl"), ("аться", "inf_refl"), ("яться", "inf_refl"), ("ться", "inf_refl"),
    ("ется", "3sg_refl"), ("ится", "3sg_refl"), ("ятся", "3pl_refl"), ("ются", "3pl_refl"), ("атся", "3pl_refl"),
    ("ть", "inf"), ("сти", "inf"), ("йти", "inf"), ("чь", "inf"), ("те", "imp"), ("ют", "3pl"), ("ят", "3pl"), ("ат", "3pl"), ("ут", "3pl"),
    ("ет", "3sg"), ("ит", "3sg"),
)


def verb_form(word: str) -> str:
    for suffix, form in VERB_FORMS:
        if word.endswith(suffix):
            return form
    return "other"


_COMPILED = [(re.compile(r"(?:" + p + r")$"), t, l) for p, t, l in _RULES]
RULE_COUNT = len(_COMPILED)

# The generalisation protocol (tests/grammar/test_generalisation.py): ``restricted(rules)``
# limits the open lexicon to the rules some word of the development lists matched, so that a
# held-out list is read with a lexicon provably not extended by looking at it.
_ONLY: list[frozenset[int] | None] = [None]
_FORMS: dict[str, tuple[str, str] | None] = {}       # folded word form → class, filled lazily


def classify(word: str) -> tuple[str, str] | None:
    """(terminal, lemma) of one folded word, or None when the lexicon does not know it."""
    try:
        return _FORMS[word]
    except KeyError:
        pass
    hit = CLOSED.get(word)
    if hit is None and word in NUMBER_WORDS:
        hit = ("NUMW", str(NUMBER_WORDS[word]))
    if hit is None:
        k = rule_of(word)
        hit = None if k is None else _COMPILED[k][1:]
    _FORMS[word] = hit
    return hit


def rule_of(word: str) -> int | None:
    """The index of the open-lexicon rule that classifies ``word`` (first match), or None."""
    only = _ONLY[0]
    for k, (rx, _terminal, _lemma) in enumerate(_COMPILED):
        if rx.match(word) and (only is None or k in only):
            return k
    return None


def _prefixes(pattern: str) -> list[str]:
    """The literal prefixes of a rule's top-level alternatives («существ(?:о|а)?» → существ)."""
    alts, depth, cur = [], 0, []
    for ch in pattern:
        if ch == "|" and depth == 0:
            alts.append("".join(cur))
            cur = []
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur.append(ch)
    alts.append("".join(cur))
    out = []
    for alt in alts:
        lit = re.match(r"[а-яё\-]*", alt).group(0)
        if alt[len(lit):len(lit) + 1] in ("?", "*", "{"):
            lit = lit[:-1]                  # the last letter is optional
        out.append(lit)
    return out


_BY_PREFIX: dict[str, list[int]] = {}
_SHORT: list[int] = []                   # rules with an alternative shorter than the key
for _k, (_p, _t, _l) in enumerate(_RULES):
    _pre = _prefixes(_p)
    if min(len(x) for x in _pre) < 2:
        _SHORT.append(_k)
    else:
        for _key in {x[:2] for x in _pre}:
            _BY_PREFIX.setdefault(_key, []).append(_k)


_BUCKETS: dict[tuple, re.Pattern | None] = {}


def _bucket(key: str) -> re.Pattern | None:
    """One regex for every rule (allowed now) that can match a word starting with ``key``."""
    only = _ONLY[0]
    cached = _BUCKETS.get((key, only), False)
    if cached is not False:
        return cached
    ks = [k for k in (*_BY_PREFIX.get(key, ()), *_SHORT) if only is None or k in only]
    rx = re.compile("(?:" + "|".join(_RULES[k][0] for k in ks) + ")$") if ks else None
    _BUCKETS[(key, only)] = rx
    return rx


def knows(word: str) -> bool:
    """Whether the lexicon classifies the folded ``word`` — without remembering the form (the
    spelling repair asks about hundreds of candidate forms of one misspelt word)."""
    hit = _FORMS.get(word, False)
    if hit is not False:
        return hit is not None
    if word in CLOSED or word in NUMBER_WORDS:
        return True
    rx = _bucket(word[:2])
    return rx is not None and rx.match(word) is not None


@contextmanager
def restricted(rules: frozenset[int] | None) -> Iterator[None]:
    """Within the block only the open-lexicon ``rules`` classify words (None: all of them; the
    generalisation test passes every rule of the lexemes attested: ``grammar.lexemes``).  The
    caller clears the parser's memo (``grammar.clear_cache``) around it."""
    saved = _ONLY[0]
    _ONLY[0] = rules
    _forget()
    try:
        yield
    finally:
        _ONLY[0] = saved
        _forget()


#: caches of other modules derived from the lexicon (tokens' word classes): cleared with it
DERIVED: list = []


def _forget() -> None:
    _FORMS.clear()
    for clear in DERIVED:
        clear()


# (an adjective's ending, the endings of the noun forms it can agree with): the case forms
# whose endings name one gender / number only — «погибшего» (genitive, or accusative of a live
# masculine) never goes with «карту», «ваше» never with «клетку»
_AGREE = ((re.compile(r"(?:ого|его)$"), re.compile(r"[аяи]$")),          # «этого пути», «вашего имени»
          (re.compile(r"(?:ую|юю)$"), re.compile(r"[уюь]$")),          # «любую дальность»
          (re.compile(r"(?:ое|ее)$"), re.compile(r"[оеёя]$")),          # «дитя», «имя»
          (re.compile(r"(?:ая|яя)$"), re.compile(r"(?:[аяь]|ость)$")),
          (re.compile(r"(?:ые|ие)$"), re.compile(r"[ыиая]$")),
          (re.compile(r"(?:ыми|ими)$"), re.compile(r"(?:ами|ями|ьми)$")))


def agrees(adjective: str, noun: str) -> bool:
    """Can the (folded) adjective form stand before the noun form?  False only for the
    endings of ``_AGREE`` that exclude each other («погибшего карту»: the genitive belongs to
    the phrase before, «на клетку погибшего | карту»); the participle «занятую» before its
    agent («занятую существом») is no adjective of that noun."""
    hit = classify(adjective)
    if hit is None or hit[0] != "ADJ" or hit[1] == "occupied":
        return True
    return not any(a.search(adjective) and not n.search(noun) for a, n in _AGREE)


def noun_follows(toks: list, i: int) -> bool:
    """Whether the adjective at ``toks[i]`` is followed by more of its noun phrase (an adjective,
    the noun, an ordinal, the card's name) — else it heads an elided phrase (ADJX).  A determiner
    may also stand before the number of its noun: «ваши 2 существа», «ваши X существ».  A noun
    the adjective cannot agree with («на клетку погибшего карту») is not its noun."""
    if i + 1 < len(toks) and toks[i + 1].type == "NOUN" and toks[i].text and toks[i + 1].text \
            and not toks[i + 1].value.startswith(("cls:", "hero:")) \
            and not agrees(toks[i].text.lower().replace("ё", "е"), toks[i + 1].text.lower().replace("ё", "е")):
        return False
    if i + 1 < len(toks) and toks[i + 1].type in ("ADJ", "NOUN", "ORDW", "SELF", "NAMEREF"):
        return True
    return toks[i].value in ("own", "other", "chosen") and i + 2 < len(toks) \
        and toks[i + 1].type in ("NUM", "NUMW", "XVAR") and toks[i + 2].type == "NOUN"


_LABEL_WORDS = ("NOUN", "ADJ", "ADJX", "UNKNOWN", "NAMEREF")


_OPP_AFTER = frozenset({"P_U", "P_OT", "P_DLYA", "P_KROME", "P_BEZ"})


def opponent_after_preposition(toks: list) -> list:
    """«у / от / для / кроме / без противника»: the opponent (NOUN opponent), not the
    «противника» of a noun (OPP follows its noun; right after a preposition there is none)."""
    if not any(t.type == "OPP" for t in toks):
        return toks
    return [t._replace(type="NOUN", value="opponent") if t.type == "OPP" and i and toks[i - 1].type in _OPP_AFTER
            else t for i, t in enumerate(toks)]


def word_labels(toks: list) -> list:
    """A label head of two or three words, «Дух леса: …», «Верный страж 2: …» (run after the
    lexer's one-word ``_labels``): LABEL ``words:<lemma>+<lemma>[#N]`` spanning the words and
    the colon — the label's name is read from the text, so any words make one (issue 9: new
    sets add new labels).  Only at the head of an ability (or after a label, order, cost), only
    plain words (no number-bearing keyword, no verb), so a sentence is never cut at a colon.
    (The lexer's pass over the lexicon's token rewrites: ``opponent_after_preposition`` too.)"""
    toks = opponent_after_preposition(toks)
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if (not out or out[-1].type in ("LABEL", "ORDER", "COST")) and t.type in _LABEL_WORDS:
            j = i
            while j < len(toks) and j - i < 3 and toks[j].type in _LABEL_WORDS \
                    and "#" not in toks[j].value and toks[j].text:
                j += 1
            num = toks[j].value if j - i > 1 and j < len(toks) and toks[j].type == "NUM" else None
            k = j + (num is not None)
            if j - i > 1 and k + 1 < len(toks) and toks[k].type == "COLON":
                value = "words:" + "+".join(x.value for x in toks[i:j]) + (("#" + num) if num else "")
                out.append(t._replace(type="LABEL", value=value, end=toks[k].end))
                i = k + 1
                continue
        out.append(t)
        i += 1
    return out
