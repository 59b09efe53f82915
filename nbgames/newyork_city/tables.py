"""New York City's component tables, built from ``data.json`` (or a user's own data, the option
``data``) and checked on the way: cards, districts, routes, fame tiles and characters.

Cards are kinds 0…5 (press, dollar, elevator, acquisition, VP, construction) and 6 (wild);
districts are indices 0…5 of ``districts`` (their letters A–F are dealt anew every game); routes
and vehicle / lantern colours are indices into their lists.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ..i18n import Msg

KINDS = 6
WILD = 6
CARD_KINDS = 7
PHASES = (1, 2, 3, "end")
PHASE_OF_STAGE = {"draft": 1, "window1": 1, "bid": 2, "window3": 3}  # when each phase's characters work
PUBLIC = -1  # who knows a discarded card: PUBLIC (face up) or a seat
Refusal = "tuple[str, str] | None"  # (rule id, reason) of a refused action, None if legal


def msg(template: str, /, **params: Any) -> Msg:
    """`nbgames.i18n.msg` for the rules modules of this game: the same sentence in this game's
    catalogue, without finding the catalogue from the caller's module each time (the legality
    checks make a refusal for every candidate they turn down)."""
    return Msg(template, params, DOMAIN)


DOMAIN = "newyork_city"  # the catalogue of nbgames/newyork_city (the game's registered name)

ABILITIES = {
    1: ("redraw", "split_pairs", "third_reserve", "two_pairs", "draw3_drop2", "trade_up", "match_reserve",
        "replace_black", "icon"),
    2: ("replace_reserve", "counts_as_round", "press_as_wilds", "reserve_match", "act_last", "double_vp",
        "counts_double", "extra_build", "take_back", "icon"),
    3: ("stock_building", "press_building", "press_by_rank", "icon"),
    "end": ("lanterns", "half_press", "reserve_kind", "big_districts", "vehicle_pair", "vehicle_asset"),
}

DEFAULT_DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("data.json").read_text("utf-8"))


@dataclass(frozen=True)
class Character:
    number: int
    phase: int | str
    level: int
    ability: str
    vp: int = 0  # the "VP" icon: gained at once when the ability is paid for (NYC-12)
    dollars: int = 0  # the "dollar" icon
    lantern: int = -1  # 28–32: the lantern colour it counts
    vehicles: tuple[int, ...] = ()  # 37–42: the vehicle colours it counts


@dataclass(frozen=True)
class Route:
    id: str
    ends: tuple[int, int]
    vehicle: int
    lanterns: tuple[int, int]


class Tables:
    """Everything fixed for a game, computed once per data set."""

    def __init__(self, data: dict[str, Any]):
        problems = data_problems(data)
        if problems:
            raise ValueError("New York City data: " + "; ".join(problems))
        self.data = data
        self.districts: list[str] = list(data["districts"])
        self.letters: str = data["letters"]
        self.mayor_letters: str = data["mayor_letters"]
        self.vehicle_colours: list[str] = list(data["vehicle_colours"])
        self.lantern_colours: list[str] = list(data["lantern_colours"])
        self.routes = tuple(Route(r["id"], tuple(r["ends"]), self.vehicle_colours.index(r["vehicle"]),
                                  tuple(self.lantern_colours.index(c) for c in r["lanterns"]))
                            for r in data["routes"])
        self.route_by_id = {r.id: i for i, r in enumerate(self.routes)}
        # per district: the lantern colours at its route ends (NYC-1, counted by 28–32)
        self.lanterns_of = [frozenset(r.lanterns[e] for r in self.routes for e in (0, 1) if r.ends[e] == d)
                            for d in range(len(self.districts))]
        self.fame = {t["id"]: (self.vehicle_colours.index(t["vehicle"]), t["value"]) for t in data["fame_tiles"]}
        self.characters = {c["number"]: Character(
            c["number"], c["phase"], c["level"], c["ability"], c.get("vp", 0), c.get("dollars", 0),
            self.lantern_colours.index(c["lantern"]) if "lantern" in c else -1,
            tuple(self.vehicle_colours.index(v) for v in c.get("vehicles", ())))
            for c in data["characters"]}
        self.starting = tuple(data["starting_characters"])
        self.letters_of_kinds = data["kind_letters"] + data["wild_letter"]
        self.deck = [kind for kind, name in enumerate(data["kinds"] + ["wild"])
                     for _ in range(data["deck"][name])]
        self.by_ability: dict[str, tuple[int, ...]] = {}
        for number in sorted(self.characters):
            ability = self.characters[number].ability
            self.by_ability[ability] = self.by_ability.get(ability, ()) + (number,)

    def letter(self, kind: int) -> str:
        return self.letters_of_kinds[kind]


def data_problems(data: Any) -> list[str]:
    """What is wrong with a data set (empty when it is fit to play with)."""
    if not isinstance(data, dict):
        return ["the data must be an object"]
    out: list[str] = []
    need = ("districts", "letters", "mayor_letters", "score_tiles", "vehicle_colours", "lantern_colours",
            "routes", "press_track_top", "neutral_press", "press_bonus", "fame_tiles", "fame_tiles_per_round",
            "statue", "rounds", "start_buildings", "start_dollars", "buildings_per_player", "bank_dollars",
            "kinds", "kind_letters", "wild_letter", "deck", "hand_deal", "reserve_cards", "draft_laps",
            "most_cards_bonus", "starting_characters", "characters", "neutral_buildings")
    missing = [key for key in need if key not in data]
    if missing:
        return [f"missing {', '.join(missing)}"]
    try:
        uncounted = [key for key in COUNTS if not _count(data[key])]
        if uncounted:
            out.append(f"whole numbers from 0 to 1000: {', '.join(uncounted)}")
        for key, parts in (("press_bonus", ("threshold", "points")), ("statue", ("first", "later"))):
            if not isinstance(data[key], dict) or not all(_count(data[key].get(part)) for part in parts):
                out.append(f"{key}: whole numbers {' and '.join(parts)} (NYC-2, NYC-3)")
        n = len(data["districts"])
        if n != 6 or len(data["letters"]) != 6 or len(set(data["letters"])) != 6:
            out.append("six districts with six different letters (NYC-1)")
        if len(data["score_tiles"]) != n or not all(_count(v) for v in data["score_tiles"]):
            out.append("one score tile per district")
        if len(data["mayor_letters"]) != data["rounds"] or not set(data["mayor_letters"]) <= set(data["letters"]):
            out.append("the mayor visits one district letter per round (NYC-8)")
        vehicles, lanterns = data["vehicle_colours"], data["lantern_colours"]
        for r in data["routes"]:
            a, b = r["ends"]
            if not (type(a) is int and type(b) is int and 0 <= a < n and 0 <= b < n and a != b) or \
                    r["vehicle"] not in vehicles or len(r["lanterns"]) != 2 or not set(r["lanterns"]) <= set(lanterns):
                out.append(f"route {r.get('id')!r} joins two districts with a known vehicle and two lanterns")
        if len({r["id"] for r in data["routes"]}) != len(data["routes"]):
            out.append("route ids differ")
        fame = data["fame_tiles"]
        if any(t["vehicle"] not in vehicles or not _count(t["value"]) or not _count(t["id"]) for t in fame) or \
                len({t["id"] for t in fame}) != len(fame):
            out.append("fame tiles have different ids (whole numbers: a save lists the ones drawn), a vehicle colour "
                       "and a value")
        if len(data["fame_tiles"]) < data["fame_tiles_per_round"] * data["rounds"]:
            out.append("enough fame tiles for every round (NYC-3)")
        if sorted(data["neutral_press"]) != ["2", "3", "4"] or \
                not all(_count(v) and v <= data["press_track_top"] for v in data["neutral_press"].values()):
            out.append("a black press space for 2, 3 and 4 players on the track (NYC-2)")
        if len(data["kinds"]) != KINDS or len(data["kind_letters"]) != KINDS or \
                len(set(data["kind_letters"] + data["wild_letter"])) != CARD_KINDS:
            out.append("six kinds of card with six letters and a wild letter (NYC-5)")
        if sorted(data["deck"]) != sorted(data["kinds"] + ["wild"]) or not all(
                _count(v) for v in data["deck"].values()):
            out.append("a count for each kind of card and for wilds (NYC-5)")
        numbers = [c["number"] for c in data["characters"]]
        if len(set(numbers)) != len(numbers):
            out.append("character numbers differ")
        for c in data["characters"]:
            if c["phase"] not in PHASES or c["ability"] not in ABILITIES[c["phase"]] or \
                    not (type(c["level"]) is int and 0 <= c["level"] <= 9) or type(c["number"]) is not int or \
                    not (_count(c.get("vp", 0)) and _count(c.get("dollars", 0))):
                out.append(f"character {c['number']}: a whole number, a phase, a level, an ability of that phase "
                           "and whole VP and dollars (NYC-6)")
            if c.get("lantern", lanterns[0]) not in lanterns or not set(c.get("vehicles", ())) <= set(vehicles):
                out.append(f"character {c['number']}: known lantern and vehicle colours")
        if not data["start_buildings"] + 1 <= data["buildings_per_player"] <= 1000:
            out.append("enough buildings per player for the start district and the personal board (NYC-5)")
        if not set(data["starting_characters"]) <= set(numbers):
            out.append("the starting characters are characters")
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        out.append(f"malformed data ({exc!r})")
    return out


# The numbers of the data that are plain counts (buildings, dollars, rounds, cards, points).
COUNTS = ("neutral_buildings", "press_track_top", "fame_tiles_per_round", "rounds", "start_buildings", "start_dollars",
          "buildings_per_player", "bank_dollars", "hand_deal", "reserve_cards", "draft_laps", "most_cards_bonus")


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 1000


@functools.lru_cache(maxsize=8)
def _tables(text: str) -> Tables:
    return Tables(json.loads(text))


DEFAULT = Tables(DEFAULT_DATA)


def tables_for(data: dict[str, Any] | None) -> Tables:
    """The tables of the default data (None) or of a user's data set (ValueError if unfit)."""
    if data is None:
        return DEFAULT
    return _tables(json.dumps(data, sort_keys=True))
