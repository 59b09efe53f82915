"""The lessons say what the board shows (issue 27 item 3).

Every lesson of the four games is walked step by step at the Python level (the lesson model and
the game's public view, no widgets), in English and in Japanese. What a step's text says about
the position — VP, coins, chips, bids, levels, counts, pieces, district letters, the mayor, the
round, the challenge card — is read out of the text by the game's *claims* below and compared
with the view at that moment: the intro and the prompt with the position the learner looks at,
the verdict with the position after the answer. A claim that matches nowhere fails too, so each
one keeps checking both languages.

Also checked: New York City's lessons share one map (the district letters and the start
district are drawn per game, NYC-1 and NYC-7: a lesson on another map would contradict
lesson 1's "start in A"); a question names only what its lesson has taught; the page's status line
on a lesson step says what the step asks (a move on the board or a question above it).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from nbgames.engine.game import Game
from nbgames.i18n import using
from nbgames.ui.lesson import Lesson, LessonSession

LANGS = ("en", "ja")
WORDS = {"one": "1", "two": "2", "three": "3", "four": "4"}


@dataclass(frozen=True)
class Claim:
    """What a lesson's text says about the position, and what the view shows.

    ``en`` / ``ja``: a pattern in each language with named groups; ``truth(game, seat, match)``
    gives, per group, what the view shows (compared as text); a key ``ok`` is a plain yes/no.
    ``when``: "before" checks intros and prompts against the position the learner looks at,
    "after" checks a right answer's verdict against the position it leads to."""

    name: str
    en: str
    ja: str
    truth: Callable[[Game, int, re.Match], dict[str, Any]]
    when: str = "before"


def number(text: str) -> str:
    return WORDS.get(text.lower(), text).replace("−", "-")


# -- New York 1901 ---------------------------------------------------------------------------------
def ny1901_seat(game: Game, seat: int) -> dict:
    return game.view(seat)["seats"][seat]


def ny1901_building(game: Game, seat: int, tile: str, *cells: str) -> bool:
    """The seat has a building `tile` standing on exactly these cells."""
    return any(b["owner"] == seat and b["tile"] == tile and sorted(b["cells"]) == sorted(cells)
               for b in game.view(seat)["buildings"])


def ny1901_challenge(game: Game, seat: int, m: re.Match) -> dict:
    from nbgames.ui.i18n import t

    return {"name": t(f"ny1901.challenge.{game.view(seat)['challenge']}")}


NY1901 = [
    Claim("vp", r"You have (?P<n>\d+) VP", r"あなたは勝利点(?P<n>\d+)",
          lambda g, s, m: {"n": ny1901_seat(g, s)["vp"]}),
    Claim("workers", r"You have (?P<n>\d+) workers", r"労働者コマは(?P<n>\d+)個あります",
          lambda g, s, m: {"n": ny1901_seat(g, s)["workers"]}),
    Claim("worker lot", r"a worker on lot (?P<lot>[A-M]\d+)",
          r"区画 (?P<lot>[A-M]\d+)(?:（[^）]*）)?に労働者コマがいます",
          lambda g, s, m: {"lot": m["lot"] if g.view(s)["workers"].get(m["lot"]) == s else "no worker of yours"}),
    Claim("workers' lots", r"Your workers stand on lots \*\*(?P<a>[A-M]\d+)\*\* \([^)]*\) and \*\*(?P<b>[A-M]\d+)\*\*",
          r"あなたの労働者コマは区画 \*\*(?P<a>[A-M]\d+)\*\*（[^）]*）と \*\*(?P<b>[A-M]\d+)\*\*",
          lambda g, s, m: {k: m[k] if g.view(s)["workers"].get(m[k]) == s else "no worker of yours" for k in "ab"}),
    Claim("tiles built", r"you have built (?P<n>\d+) of your (?P<all>\d+) tiles",
          r"(?P<all>\d+)枚のタイルのうち(?P<n>\d+)枚",
          lambda g, s, m: {"n": int(m["all"]) - sum(ny1901_seat(g, s)["tiles_left"].values()), "all": 18}),
    Claim("tiles left", r"(?P<n>\d+) unbuilt tiles left", r"配置していないタイルは残り(?P<n>\d+)枚",
          lambda g, s, m: {"n": sum(ny1901_seat(g, s)["tiles_left"].values())}, when="after"),
    Claim("starting lot", r"starting lot, (?P<a>[A-M]\d+)–(?P<b>[A-M]\d+)", r"初期区画 (?P<a>[A-M]\d+)–(?P<b>[A-M]\d+)",
          lambda g, s, m: {"ok": ny1901_building(g, s, "start", m["a"], m["b"])}, when="after"),
    Claim("a building of yours", r"a bronze (?P<tile>b\w\d) on (?P<a>[A-M]\d+)–(?P<b>[A-M]\d+)",
          r"(?P<a>[A-M]\d+)–(?P<b>[A-M]\d+) にブロンズの (?P<tile>b\w\d)",
          lambda g, s, m: {"ok": ny1901_building(g, s, m["tile"], m["a"], m["b"])}),
    Claim("challenge in play", r"In this game it is \*\*(?P<name>[^*]+)\*\*",
          r"このゲームでは\*\*(?P<name>[^*]+)\*\*です",
          ny1901_challenge),
    Claim("challenge asked", r"The challenge card was (?P<name>[^.]+)\.",
          r"ボーナスチャレンジカードは (?P<name>.+?) でした",
          ny1901_challenge),
]


# -- New York City -----------------------------------------------------------------------------------
def nyc_district(game: Game, letter: str) -> dict:
    return next(d for d in game.view(0)["districts"] if d["letter"] == letter)


def nyc_start(game: Game) -> str:
    """The start district: every player's first building stands there (NYC-7)."""
    setup = next(e for e in game.events(0) if e.kind == "setup")
    return setup.start


def nyc_max_level(game: Game) -> int | str:
    from nbgames.newyork_city.tables import DEFAULT

    levels = [DEFAULT.characters[a.args[0]].level for a in game.legal_actions()
              if a.kind == "hire" and a.args and a.args[0] in DEFAULT.characters]
    return max(levels) if levels else "no character to hire"


def nyc_bid(game: Game, seat: int) -> int | str:
    bidding = game.view(seat)["bidding"]
    return "no bidding" if bidding is None else bidding["values"][seat]


KIND_WORDS = {"press": "press", "dollar": "dollar", "elevator": "elevator", "プレス": "press", "ドル": "dollar",
              "エレベーター": "elevator", "ビル建設": "construction"}

NYC = [
    Claim("start district", r"starts with a building in district \*\*(?P<letter>[A-F])\*\*",
          r"全プレイヤーは\*\*(?P<letter>[A-F])\*\*地区にビルを1つ持って始めます",
          lambda g, s, m: {"letter": nyc_start(g)}),
    Claim("first building", r"district (?P<letter>[A-F]), where your first building stands",
          r"最初のビルがある(?P<letter>[A-F])地区", lambda g, s, m: {"letter": nyc_start(g)}, when="after"),
    Claim("start and mayor", r"from (?P<start>[A-F]), your start district, to \*\*(?P<mayor>[A-F])\*\*",
          r"スタートの地区(?P<start>[A-F])から\*\*(?P<mayor>[A-F])\*\*へ",
          lambda g, s, m: {"start": nyc_start(g), "mayor": g.view(s)["mayor"]}),
    Claim("round", r"It is round (?P<n>\d+)", r"今は第(?P<n>\d+)ラウンド", lambda g, s, m: {"n": g.view(s)["round"]}),
    Claim("mayor's district", r"In the mayor's district — (?P<letter>[A-F]) in round (?P<n>\d+)",
          r"第(?P<n>\d+)ラウンドは(?P<letter>[A-F])地区",
          lambda g, s, m: {"letter": g.view(s)["mayor"], "n": g.view(s)["round"]}, when="after"),
    Claim("built there", r"buildings in district (?P<letter>[A-F]) and now have (?P<n>\d+) there",
          r"あなたは(?P<letter>[A-F])地区に.*?そこには今(?P<n>\d+)つあります",
          lambda g, s, m: {"n": nyc_district(g, m["letter"])["buildings"][s]}, when="after"),
    Claim("next round", r"[Rr]ound (?P<n>\d+) begins", r"第(?P<n>\d+)ラウンドが始まり",
          lambda g, s, m: {"n": g.view(s)["round"]}, when="after"),
    Claim("mayor moves on", r"the mayor moves on to district (?P<letter>[A-F])",
          r"市長は(?P<letter>[A-F])地区へ移動します",
          lambda g, s, m: {"letter": g.view(s)["mayor"]}, when="after"),
    Claim("elevator bid", r"(?:You bid|Your bid was) (?P<n>one|\d+) elevator card",
          r"(?:あなたはエレベーターを|あなたの入札はエレベーター)(?P<n>\d+)枚",
          lambda g, s, m: {"n": nyc_bid(g, s)}),
    Claim("level lit", r"level (?P<n>\d+) or less", r"レベル(?P<n>\d+)以下",
          lambda g, s, m: {"n": nyc_max_level(g)}),
    Claim("bid so far", r"the count: (?P<n>\d+)", r"枚数(?P<n>\d+)が出て", lambda g, s, m: {"n": nyc_bid(g, s)}),
    Claim("bid counts", r"your bid counts (?P<n>\d+)", r"入札は(?P<n>\d+)", lambda g, s, m: {"n": nyc_bid(g, s)},
          when="after"),
    Claim("bidding round", r"It is the (?P<kind>\w+) round", r"今は(?P<kind>プレス|ドル|エレベーター|ビル建設)ラウンド",
          lambda g, s, m: {"kind": (g.view(s)["bidding"] or {}).get("kind"), "_claimed": KIND_WORDS[m["kind"]]}),
    Claim("no dollar card", r"You hold no dollar card", r"ドルのカードはありません",
          lambda g, s, m: {"ok": not g.view(s)["seats"][s]["hand"].get("D")}),
    Claim("player 2 passed", r"Player 2 has passed", r"プレイヤー2はパスしました",
          lambda g, s, m: {"ok": g.view(s)["bidding"]["done"][1] and not g.view(s)["bidding"]["values"][1]}),
    Claim("district value", r"District \*\*(?P<letter>[A-F])\*\* is worth (?P<n>\d+)",
          r"\*\*(?P<letter>[A-F])\*\*地区の値は(?P<n>\d+)",
          lambda g, s, m: {"n": nyc_district(g, m["letter"])["value"]}),
]


# -- Galopp Royal ----------------------------------------------------------------------------------
BEARER = {"goof": "goof", "−2（ドジなかつぎ手）": "goof", "−2": "goof", "±2": "schemer", "schemer": "schemer",
          "ドジなかつぎ手": "goof", "ドジなかつぎ手が2枚": "goof goof"}


def galopp_board(text: str) -> list[str]:
    return " ".join(BEARER.get(card.strip(), card.strip()) for card in re.split(r"、|, ", text)).split()


def galopp_positions(game: Game, seat: int, m: re.Match) -> dict:
    positions = game.view(seat)["positions"]
    out = {"me": positions[0]}
    for key, who in (("p2", 1), ("p3", 2), ("p4", 3)):
        if m.groupdict().get(key) is not None:
            out[key] = positions[who]
    return out


GALOPP = [
    Claim("coins", r"You have (?P<n>\d+) coins", r"あなたは(?P<n>\d+)コイン持っています",
          lambda g, s, m: {"n": g.view(s)["coins"][s]}),
    Claim("paid for a team", r"Player 2 paid (?P<n>\d+) coins", r"プレーヤー2が(?P<n>\d+)コインでチームを買いました",
          lambda g, s, m: {"n": 50 - g.view(s)["coins"][1]}),
    Claim("goal", r"the goal is (?P<n>\d+)", r"ゴールは(?P<n>\d+)です", lambda g, s, m: {"n": g.view(s)["goal"]}),
    Claim("four chairs", r"You are on (?P<me>−?\d+), Player 2 on (?P<p2>−?\d+), Player 3 on (?P<p3>−?\d+), "
          r"Player 4 on (?P<p4>−?\d+)",
          r"あなたは(?P<me>−?\d+)、プレーヤー2は(?P<p2>−?\d+)、プレーヤー3は(?P<p3>−?\d+)、プレーヤー4は(?P<p4>−?\d+)のマス",
          galopp_positions),
    Claim("two on one space", r"You are on (?P<me>−?\d+), Player 2 and Player 3 are both on (?P<p2>−?\d+), "
          r"Player 4 on (?P<p4>−?\d+)",
          r"あなたは(?P<me>−?\d+)、プレーヤー2と3はどちらも(?P<p2>−?\d+)、プレーヤー4は(?P<p4>−?\d+)のマス",
          lambda g, s, m: {**galopp_positions(g, s, m),
                               "_same": g.view(s)["positions"][1] == g.view(s)["positions"][2]}),
    Claim("my chair", r"Your chair is on (?P<me>−?\d+)", r"あなたの輿は[^。]*?(?P<me>−?\d+)のマスにいます",
          galopp_positions),
    Claim("bid now", r"The bid is (?P<n>\d+)", r"今の値段は(?P<n>\d+)です",
          lambda g, s, m: {"n": g.view(s)["auction"]["current_bid"]}),
    Claim("a rival's bid", r"Player (?P<p>\d) bid (?P<n>\d+)",
          r"プレーヤー(?P<p>\d)(?:が|は、[^。]*?に)(?P<n>\d+)をつけました",
          lambda g, s, m: {"n": g.view(s)["auction"]["current_bid"], "p": g.view(s)["auction"]["high_bidder"] + 1}),
    Claim("first in the pond", r"Player (?P<p>\d) fell in first", r"先に落ちたのはプレーヤー(?P<p>\d)",
          lambda g, s, m: {"p": g.view(s)["pond"][0] + 1}),
    Claim("my private card", r"[Yy]our private card (?:this time )?is a \*\*(?P<card>[^*]+)\*\*",
          r"あなただけが見ているカードは\*\*(?P<card>[^*]+)\*\*",
          lambda g, s, m: {"_card": galopp_board(m["card"]) == g.view(s)["auction"]["my_private"]}),
    Claim("face-up card", r"the face-up card is a \*\*(?P<card>[^*]+)\*\*", r"表向きのカードは\*\*(?P<card>[^*]+)\*\*",
          lambda g, s, m: {"_card": galopp_board(m["card"]) == g.view(s)["auction"]["lot_public"]}),
    Claim("two private cards", r"Your two private cards are \*\*(?P<card>[^*]+)\*\*",
          r"あなたが見ている2枚は\*\*(?P<card>[^*]+)\*\*",
          lambda g, s, m: {"_card": galopp_board(m["card"]) == g.view(s)["auction"]["my_private"]}),
    Claim("every board", r"Your board: (?P<b0>[^*.]+)\. Player 2: (?P<b1>[^.]+)\. Player 3: (?P<b2>[^.]+)\. "
          r"Player 4: (?P<b3>[^.]+)\.",
          r"あなたのボード：(?P<b0>[^（。*]+)(?:（[^）]*）)?。プレーヤー2：(?P<b1>[^。]+)。プレーヤー3：(?P<b2>[^。]+)。"
          r"プレーヤー4：(?P<b3>[^。]+)。",
          lambda g, s, m: {f"_b{i}": galopp_board(m[f"b{i}"]) == g.view(s)["boards"][i] for i in range(4)}),
    Claim("my board", r"Your board: \*\*(?P<board>[^*]+)\*\*", r"あなたのボード：\*\*(?P<board>[^*]+)\*\*",
          lambda g, s, m: {"_board": galopp_board(m["board"]) == g.view(s)["boards"][s]}),
    Claim("board after exchange", r"your board is \*\*(?P<board>[^*]+)\*\*",
          r"あなたのボードは \*\*(?P<board>[^*]+)\*\*",
          lambda g, s, m: {"_board": galopp_board(m["board"]) == g.view(s)["boards"][s]}),
]


# -- New York ----------------------------------------------------------------------------------------
def ny_chips(game: Game, seat: int, m: re.Match) -> dict:
    return {"n": game.view(seat)["chips"][seat]}


def ny_pieces(game: Game, seat: int, colour: str = "red") -> int:
    return sum(row.count(colour) for row in game.view(seat)["board_colours"])


NY = [
    Claim("chips", r"you have (?:only )?\*\*(?P<n>\d+) chips?\*\*", r"チップは\*\*(?P<n>\d+)\*\*", ny_chips),
    Claim("chips after a fee", r"you now have (?P<n>\d+), blue (?P<m>\d+)", r"あなたはいま(?P<n>\d+)、青は(?P<m>\d+)",
          lambda g, s, m: {"n": g.view(s)["chips"][0], "m": g.view(s)["chips"][1]}, when="after"),
    Claim("red pieces", r"Red has (?P<n>\d+) pieces on the board", r"赤はボード上に(?P<n>\d+)個のコマ",
          lambda g, s, m: {"n": ny_pieces(g, s)}),
    Claim("empty squares", r"(?P<n>\d+) squares are empty", r"空いているマスは(?P<n>\d+)つです",
          lambda g, s, m: {"n": g.view(s)["empty_squares"]}),
    Claim("supply empty", r"all (?P<n>\d+) of your pieces are on the board",
          r"あなたのコマ(?P<n>\d+)個はすべてボード上",
          lambda g, s, m: {"n": ny_pieces(g, s), "ok": g.view(s)["supply"]["red"] == 0}),
    Claim("hand counts", r"- You \(red\): (?P<r>\d+) red, (?P<b>\d+) blue",
          r"- あなた（赤）：赤(?P<r>\d+)枚、青(?P<b>\d+)枚",
          lambda g, s, m: {"r": g.view(s)["hand_counts"][0]["red"], "b": g.view(s)["hand_counts"][0]["blue"]}),
]

def ny_line(game: Game, seat: int, colour: str, name: str) -> int:
    """How many pieces of `colour` stand in the avenue (a row) or street (a column) called `name`."""
    view = game.view(seat)
    board = view["board_colours"]
    if name in view["avenues"]:
        return board[view["avenues"].index(name)].count(colour)
    column = view["streets"].index(name)
    return [row[column] for row in board].count(colour)


def ny_score(game: Game, colour: str) -> dict:
    entry = next(e for e in game.explain_scores() if e["colour"] == colour)
    parts = {p["what"]: p["count"] for p in entry["parts"]}
    return {"g": parts["largest group"], "o": parts["other pieces"], "c": parts["chips"], "t": entry["total"]}


def ny_hand(game: Game, seat: int, m: re.Match) -> dict:
    """The cards a sentence says you hold ("Sixth Ave (C), …, the red joker") against your hand."""
    view = game.view(seat)
    said = []
    for name in re.split(r", and |, | and |、", m["cards"]):
        name = re.sub(r"^the |[（(][A-G1-7][)）]$", "", name.strip()).strip()
        if "joker" in name or "ジョーカー" in name:
            said.append("R*" if "red" in name or "赤" in name else "B*")
        elif name in view["avenues"]:
            said.append("ABCDEFG"[view["avenues"].index(name)])
        else:
            said.append(str(view["streets"].index(name) + 1))
    return {"_hand": sorted(said) == sorted(view["hand"])}


def ny_colour_at(game: Game, seat: int, squares: str, colour: str) -> bool:
    board = game.view(seat)["board_colours"]
    return all(board["ABCDEFG".index(sq[0])][int(sq[1]) - 1] == colour for sq in re.findall(r"[A-G]\d", squares))


COLOURS = {"red": "red", "blue": "blue", "yellow": "yellow", "赤": "red", "青": "blue", "黄": "yellow"}

NY += [
    Claim("blue in a line", r"[Bb]lue (?:now )?has (?P<n>\d+) pieces on (?P<line>[\w ]+?(?: Ave| St))",
          r"青は(?:いま)? (?P<line>[\w ]+? (?:Ave|St)) に(?P<n>\d+)(?:つ|個)",
          lambda g, s, m: {"n": ny_line(g, s, "blue", m["line"])}),
    Claim("blue in a second line", r"pieces on [\w ]+? Ave(?: \([^)]*\))? and (?P<n>\d+) on (?P<line>\d+\w\w St)",
          r"Ave に\d+(?:つ|個)(?:（[^）]*）)?、(?P<line>\d+\w\w St) に(?P<n>\d+)(?:つ|個)",
          lambda g, s, m: {"n": ny_line(g, s, "blue", m["line"])}),
    Claim("your hand", r"(?:[Yy]ou|and) hold (?P<cards>(?!no |two |\d|\*)[^.;]+?)(?:\.|, so)",
          r"(?:^|。|：|は )(?P<cards>(?:赤のジョーカー、)?[A-Z][^。：]*?(?:Ave|St|）)) ?を持って", ny_hand),
    Claim("blue's squares", r"[Bb]lue has \d+ pieces on [\w ]+? \((?P<sq>[A-G]\d(?:, [A-G]\d)+)\) and \d+ on "
          r"[\w ]+? \((?P<sq2>[A-G]\d(?:, [A-G]\d)+)\)",
          r"青は [\w ]+? に\d+つ（(?P<sq>[A-G]\d(?:、[A-G]\d)+)）、[\w ]+? に\d+つ（(?P<sq2>[A-G]\d(?:、[A-G]\d)+)）",
          lambda g, s, m: {"_at": ny_colour_at(g, s, m["sq"] + m["sq2"], "blue")}),
    Claim("red's squares", r"[Yy]our red pieces on [^(]*\((?P<a>[A-G]\d)\) and [^(]*\((?P<b>[A-G]\d)\)",
          r"[^（]*（(?P<a>[A-G]\d)）と[^（]*（(?P<b>[A-G]\d)）の赤のコマ",
          lambda g, s, m: {"_at": ny_colour_at(g, s, m["a"] + m["b"], "red")}),
    Claim("a red piece", r"Red already has a piece on [^(]*\((?P<a>[A-G]\d)\)|next to your piece on (?P<b>[A-G]\d)",
          r"赤はすでに [^（]*（(?P<a>[A-G]\d)）にコマ|(?P<b>[A-G]\d) のコマの隣",
          lambda g, s, m: {"_at": ny_colour_at(g, s, m["a"] or m["b"], "red")}),
    Claim("a blue piece", r"the blue piece\*\* on [^(]*\((?P<a>[A-G]\d)\)", r"（(?P<a>[A-G]\d)）の\*\*青のコマ",
          lambda g, s, m: {"_at": ny_colour_at(g, s, m["a"], "blue")}),
    Claim("red's score", r"Red's largest group \(highlighted\) has \*\*(?P<g>\d+)\*\* pieces\. "
          r"Red has \*\*(?P<o>\d+)\*\* other pieces and \*\*(?P<c>\d+)\*\* chips",
          r"赤の最大建物群（強調表示）は\*\*(?P<g>\d+)\*\*個です。"
          r"赤にはその他の建物が\*\*(?P<o>\d+)\*\*個、チップが\*\*(?P<c>\d+)\*\*",
          lambda g, s, m: ny_score(g, "red")),
    Claim("blue's score", r"Blue's largest group has (?P<g>\d+) pieces, blue has (?P<o>\d+) other pieces "
          r"and (?P<c>\d+) chips: (?P<t>\d+) points",
          r"青の最大建物群は(?P<g>\d+)個、その他の建物が(?P<o>\d+)個、チップが(?P<c>\d+)で、(?P<t>\d+)ポイント",
          lambda g, s, m: ny_score(g, "blue")),
    Claim("final scores", r"- (?P<who>red|blue|yellow): largest group (?P<g>\d+) × 2 = \d+, other pieces (?P<o>\d+), "
          r"chips (?P<c>\d+) → \*\*(?P<t>\d+)\*\*",
          r"- (?P<who>赤|青|黄)：最大建物群 (?P<g>\d+)×2＝\d+、"
          r"その他の建物 (?P<o>\d+)、チップ (?P<c>\d+) → \*\*(?P<t>\d+)\*\*",
          lambda g, s, m: ny_score(g, COLOURS[m["who"]]), when="after"),
]

PLAYERS = Claim("players", r"(?P<n>\d)-player game|in the race with (?P<others>three) other players",
                r"(?P<n>\d)人(?:の)?ゲーム|他の(?P<others>\d)人とレース",
                lambda g, s, m: {"n": g.players} if m["n"] else {"others": g.players - 1})
NY1901.append(PLAYERS)
GALOPP.append(PLAYERS)
NY.append(PLAYERS)
NYC.append(Claim("a character's level", r"character \*\*(?P<c>\d+)\*\* \(level (?P<n>\d)\)",
                 r"キャラクター\*\*(?P<c>\d+)\*\*（レベル(?P<n>\d)）", lambda g, s, m: {"n": nyc_level(int(m["c"]))}))
NYC.append(Claim("the level hired", r"Character (?P<c>\d+) is yours: level (?P<n>\d)",
                 r"キャラクター(?P<c>\d+)があなたのものになりました。レベル(?P<n>\d)",
                 lambda g, s, m: {"n": next((c["level"] for c in g.view(s)["seats"][s]["characters"]
                                             if c["number"] == int(m["c"])), "not yours")},
                 when="after"))


def nyc_level(number: int) -> int:
    from nbgames.newyork_city.tables import DEFAULT

    return DEFAULT.characters[number].level


GAMES = {"newyork1901": NY1901, "newyork_city": NYC, "galopp_royal": GALOPP, "newyork": NY}


# -- walking the lessons -----------------------------------------------------------------------------
@dataclass
class Seen:
    lesson: str
    step: int
    when: str
    text: str
    game: Game
    seat: int


@cache
def walk(name: str, lang: str) -> tuple[Seen, ...]:
    """Every text a learner reads in the game's lessons, with the position it is read at (the
    positions are copies: each stays as it was when the text was shown)."""
    seen = []
    with using(lang):
        for lesson in importlib.import_module(f"nbgames.{name}.lessons").lessons():
            seen.extend(walk_lesson(lesson))
    return tuple(seen)


def walk_lesson(lesson: Lesson) -> list[Seen]:
    session, seat, out = LessonSession(lesson), lesson.seat or 0, []
    out.append(Seen(lesson.id, 0, "before", lesson.intro, session.game.clone(), seat))
    while not session.done:
        index, step = session.step_index, session.step
        out.append(Seen(lesson.id, index, "before", session.prompt, session.game.clone(), seat))
        after, expected = session.game.clone(), session.expected()
        verdict = session.show_me()
        assert verdict.ok, (lesson.id, index, verdict)
        if step.plays:  # the position the verdict speaks of (the session may go on to a new one)
            after.play(expected)
        out.append(Seen(lesson.id, index, "after", verdict.text, after, seat))
    out.append(Seen(lesson.id, len(lesson.steps) - 1, "after", lesson.summary, after, seat))
    return out


def compare(claim: Claim, seen: Seen, match: re.Match) -> list[str]:
    """What the text says against what the view shows; one line per disagreement."""
    truth = claim.truth(seen.game, seen.seat, match)
    wrong = []
    for key, shown in truth.items():
        if key == "_claimed":
            continue
        if key.startswith("_") or key == "ok":
            if shown is not True and not shown:
                wrong.append(f"{claim.name}: the view does not show what {match[0]!r} says")
            continue
        if key != "kind" and key not in match.groupdict():
            continue  # the view knows more than this sentence says
        said = truth.get("_claimed") if key == "kind" else number(match[key])
        if str(said) != str(shown).replace("−", "-"):
            wrong.append(f"{claim.name}: the text says {said} ({match[0]!r}), the view shows {shown}")
    return wrong


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(GAMES))
def test_every_number_and_letter_a_lesson_states_is_what_the_view_shows(name, lang):
    claims, found, wrong = GAMES[name], {c.name: 0 for c in GAMES[name]}, []
    for seen in walk(name, lang):
        for claim in claims:
            if claim.when != seen.when:
                continue
            for match in re.finditer(getattr(claim, lang), seen.text, re.M):
                found[claim.name] += 1
                with using(lang):  # a name the view shows, in the text's language
                    wrong += [f"{seen.lesson} step {seen.step + 1} ({seen.when}): {line}"
                              for line in compare(claim, seen, match)]
    checked = sum(found.values())
    print(f"{name} [{lang}]: {checked} statements checked against the view")
    assert not wrong, "\n".join(wrong)
    assert all(found.values()), f"claims that no {lang} lesson text matches: {[k for k, v in found.items() if not v]}"


def test_new_york_citys_lessons_share_one_map():
    """The district letters (NYC-1) and the start district (NYC-7) are drawn per game: every lesson
    position is on lesson 1's map, so "district A" means the same place in every lesson."""
    from nbgames.newyork_city.lessons import lessons

    maps = {}
    for lesson in lessons():
        for index, step in enumerate(lesson.steps):
            if index == 0 or step.start is not None:
                game = lesson.start(index)
                maps[f"{lesson.id} step {index + 1}"] = (game.view(0)["letters"], nyc_start(game))
    first = next(iter(maps.values()))
    assert first[1] == "A"
    assert {where: m for where, m in maps.items() if m != first} == {}


# -- a question names only what its lesson has taught ---------------------------------------------------
TAUGHT = {  # terms a question may use only after this lesson's intro or an earlier step has said them
    "newyork1901": {"en": ("Gold Tycoon", "Master Architect", "Bronze Baron", "Generation King", "starter building"),
                    "ja": ("Gold Tycoon", "ゴールドタイクーン", "Master Architect", "Bronze Baron",
                           "Generation King", "初期配置ビル")},
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(TAUGHT))
def test_a_question_names_only_what_the_lesson_has_taught(name, lang):
    untaught = []
    with using(lang):
        for lesson in importlib.import_module(f"nbgames.{name}.lessons").lessons():
            said = lesson.intro.lower()
            for seen in walk_lesson(lesson):
                if seen.when == "before" and seen.text is not lesson.intro:
                    untaught += [f"{lesson.id} step {seen.step + 1}: {term!r}" for term in TAUGHT[name][lang]
                                 if term.lower() in seen.text.lower() and term.lower() not in said]
                said += " " + seen.text.lower()
    assert not untaught, untaught


def test_the_scoring_lessons_challenge_is_the_finished_games():
    from nbgames.newyork1901.lessons_end import SCORING_CHALLENGE, finished_game

    assert finished_game().view(0)["challenge"] == SCORING_CHALLENGE


# -- the status line says what the step asks ------------------------------------------------------------
def test_the_status_line_follows_each_lesson_step():
    """A move step's status line asks for the move; a question step's points to the question above —
    never the previous step's words (the runner used to refresh the board before saying which)."""
    from nbgames.newyork1901.lessons import learn
    from nbgames.ui.i18n import t

    runner = learn()
    look = t("status.look", "en", player="\0").split("\0")[-1]
    turn = t("status.your_turn", "en", player="\0", what="\1").split("\0")[-1].split("\1")[0]
    wrong = []
    for index in range(len(runner.lessons)):
        runner.go(index)
        while not runner.session.done:
            status = runner.view.status.value
            step = runner.session.step
            if step.board and look in status or not step.board and turn in status:
                wrong.append(f"{runner.lessons[index].id} step {runner.session.step_index + 1}: {status}")
            runner.do_it()  # the answer, as "Do it for me" gives it (one refresh)
            feedback = re.sub(r"<[^>]+>", "", runner.feedback.value)
            if re.search(r"^Right \([^)]*\): Right\b", feedback):
                wrong.append(f"{runner.lessons[index].id}: {feedback}")
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_a_right_answer_says_right_once(lang):
    """The runner says "Right (rule):" (正解) in front of every right answer's explanation; an
    explanation that opens with its own "Right:" (正解です。) is not said twice."""
    from nbgames.ui.lesson import Verdict, lesson_text, without_right

    word = lesson_text("right") if lang == "en" else "正解"
    doubled = []
    for name in GAMES:
        for seen in walk(name, lang):
            if seen.when == "after":
                shown = f"{word} (X): {without_right(seen.text)}"
                if re.match(rf"{word} \(X\): {word}", shown):
                    doubled.append(f"{seen.lesson} step {seen.step + 1}: {shown[:60]}")
    assert not doubled, doubled
    assert str(Verdict(True, "NY1901-12", "Right: they count for avenues only.")) == \
        "Right (NY1901-12): they count for avenues only."


# -- the buttons a prompt names are on the page ------------------------------------------------------
PRESS = {"en": r"[Pp]ress \*\*(?P<b>[^*]+)\*\*|\*\*(?P<r>[Rr]oll)\*\*", "ja": r"\*\*(?P<b>[^*]+)\*\*を押"}
VIEWS = {"newyork1901": "nbgames.newyork1901.view:NewYork1901View",
         "newyork_city": "nbgames.newyork_city.view:NewYorkCityView",
         "galopp_royal": "nbgames.galopp_royal.view:GaloppView", "newyork": "nbgames.newyork.view:NewYorkView"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_button_a_prompt_names_is_on_the_page(lang):
    """"Press **End your turn**", "**完了**を押して": the page shows a button with those words when the
    step asks for it (the view built from the same position, in the same language)."""
    missing, pressed = [], 0
    with using(lang):
        for name, where in VIEWS.items():
            module, _, cls = where.partition(":")
            view = None
            for seen in walk(name, lang):
                match = re.search(PRESS[lang], seen.text) if seen.when == "before" else None
                if not match:
                    continue
                if view is None:
                    view = getattr(importlib.import_module(module), cls)(seen.game, seat=seen.seat)
                view.set_game(seen.game)
                words = (match["b"] or match["r"]).lower()
                labels = [b.description.lower() for box in (view.actions, view.choices, view.extras)
                          for b in box.children if hasattr(b, "description")]
                pressed += 1
                if not any(words in label for label in labels):
                    missing.append(f"{seen.lesson} step {seen.step + 1}: {words!r} not among {labels}")
    print(f"[{lang}] {pressed} named buttons found on the page")
    assert pressed and not missing, missing
