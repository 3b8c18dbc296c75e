"""Where the rules of each game of Pesten's family shipped as a preset (RULES.md
R10, ``GAMES``) were checked: the sources its rule book lists
(``rulebook.render_game_book``).  Data only.

Public API: ``SOURCES``.
"""

from __future__ import annotations


#: Where each game's rules were checked: (title, address), the commonest first.
SOURCES: dict[str, tuple[tuple[str, str], ...]] = {
    "crazy-eights": (
        ("Hoyle's Rules of Games, Crazy Eights", ""),
        ("Wikipedia, Crazy Eights", "https://en.wikipedia.org/wiki/Crazy_Eights"),
        ("pagat.com, Crazy Eights", "https://www.pagat.com/eights/crazy8s.html"),
        ("Board Game Arena, Crazy Eights", "https://en.doc.boardgamearena.com/Gamehelpcrazyeights"),
    ),
    "ocho-loco": (
        ("Wikipedia (es), Ocho loco", "https://es.wikipedia.org/wiki/Ocho_loco"),
        ("pagat.com, Crazy Eights", "https://www.pagat.com/eights/crazy8s.html"),
    ),
    "mau-mau": (
        ("Wikipedia (de), Mau-Mau", "https://de.wikipedia.org/wiki/Mau-Mau_(Kartenspiel)"),
        ("pagat.com, Mau-Mau", "https://www.pagat.com/eights/maumau.html"),
    ),
    "switch": (
        ("Wikipedia, Switch", "https://en.wikipedia.org/wiki/Switch_(card_game)"),
        ("pagat.com, Switch", "https://www.pagat.com/eights/switch.html"),
        ("Family Games Treasurehouse, Switch",
         "https://www.family-games-treasurehouse.com/switch_card_game.html"),
    ),
    "black-jack": (
        ("Wikipedia, Switch (Black Jack)", "https://en.wikipedia.org/wiki/Switch_(card_game)"),
        ("pagat.com, Switch and Black Jack", "https://www.pagat.com/eights/switch.html"),
        ("Wikipedia (2008), Black Jack (card game)",
         "http://the-uncensored-wiki.com:20082/articles/b/l/a/Black_Jack_%28card_game%29_7dc6.html"),
    ),
    "makao": (
        ("Wikipedia (pl), Makao (gra karciana)",
         "https://pl.wikipedia.org/wiki/Makao_(gra_karciana)"),
        ("Wikibooks (pl), Gry karciane/Makao", "https://pl.wikibooks.org/wiki/Gry_karciane/Makao"),
        ("turnieje.waw.pl, Zasady gry w Makao", "http://turnieje.waw.pl/index.php?cmd=17&id_gra=1"),
        ("cyberbaba.pl, Makao", "http://www.cyberbaba.pl/dziecko/gry-i-zabawy/38-gry-karciane?start=5"),
    ),
    "huit-americain": (
        ("Wikipedia (fr), 8 américain", "https://fr.wikipedia.org/wiki/8_am%C3%A9ricain"),
        ("adpoker.fr, Règles du Huit américain", "https://www.adpoker.fr/regles-huit-americain.html"),
        ("Wikibooks (fr), Le huit américain",
         "https://fr.wikibooks.org/wiki/Bo%C3%AEte_%C3%A0_jeux/Le_huit_am%C3%A9ricain"),
    ),
    "last-card": (
        ("Wikipedia, Switch (Last Card in New Zealand)",
         "https://en.wikipedia.org/wiki/Switch_(card_game)"),
        ("pagat.com, Last Card", "https://www.pagat.com/eights/lastcard.html"),
    ),
    "pesten-vlaams": (
        ("spelinfo.be, Pesten", "https://spelinfo.be/kaart-spellen/"),
        ("Wikipedia (nl), Pesten", "https://nl.wikipedia.org/wiki/Pesten_(kaartspel)"),
    ),
    "prsi": (
        ("Wikipedia (cs), Prší", "https://cs.wikipedia.org/wiki/Pr%C5%A1%C3%AD"),
        ("deskovehry.cz, Prší", "http://www.deskovehry.cz/index.php/Pr%C5%A1%C3%AD"),
    ),
    "tschau-sepp": (
        ("jassen.ch, Tschau Sepp",
         "http://www.jassen.ch/jassen-lernen/jassarten-schweiz/tschau-sepp.html"),
        ("jasswelt.ch, Tschau Sepp",
         "https://www.jasswelt.ch/blogs/neuigkeiten/tschau-sepp-jassregel"),
        ("Wikipedia (de), Tschau Sepp", "https://de.wikipedia.org/wiki/Tschau_Sepp"),
    ),
}

