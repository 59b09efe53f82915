"""New York 1901's rules for players, one entry per rule id of the rule file (NY1901-1 …
NY1901-13), in English and Japanese. Japanese uses the seed's words: 区画カード, 労働者コマ,
超高層ビル, オープンマーケット, 大通りボーナスカード, ボーナスチャレンジカード, 伝説の超高層ビル,
技術力, 解体と再建, 建築ブーム, 市場変更, 土地収奪."""

from __future__ import annotations

from ..rulebook import build

SECTIONS = {
    "en": {"board": "Board and pieces", "setup": "Setup", "turn": "A turn", "end": "End and scoring"},
    "ja": {"board": "ボードと道具", "setup": "準備", "turn": "手番", "end": "ゲームの終了と得点計算"},
}

# Rules whose text holds one of this project's house resolutions (rule file [R], data house_rules).
HOUSE = frozenset({"NY1901-1", "NY1901-2", "NY1901-3", "NY1901-4", "NY1901-5", "NY1901-6", "NY1901-7",
                   "NY1901-8", "NY1901-9", "NY1901-10", "NY1901-12", "NY1901-13"})

ENTRIES = {
    "NY1901-1": ("board", (
        "The city",
        "2–4 players. The board is a grid of cells grouped into lots of 2 or 3 cells, 13 lots in each of 5 "
        "districts: Greenwich, Gramercy, Midtown, Five Points and Bowery. Some cells are parks. Five named "
        "avenues run along cell edges: Broadway, Wall St, Pine St, Nassau St, Cedar St. A cell touches an "
        "avenue if one of its edges lies on it, and a park if it is next to a park cell. House rule: the "
        "printed map is not published, so this board is our own; with 2 players Bowery is not used."), (
        "街",
        "2〜4人用。ボードはマスの格子で、2マスか3マスの区画に分かれ、5つの地区（Greenwich、Gramercy、"
        "Midtown、Five Points、Bowery）に13区画ずつあります。公園のマスもあります。名前のある5本の大通り"
        "（Broadway、Wall St、Pine St、Nassau St、Cedar St）がマスの辺に沿って走ります。辺が大通りの上にある"
        "マスはその大通りに、公園の隣のマスは公園に触れています。ハウスルール：印刷されたボードは公開されて"
        "いないので、このボードは本プロジェクトのものです。2人では Bowery を使いません。")),
    "NY1901-2": ("board", (
        "Lot cards",
        "One lot card per lot (65). A card shows a district and a size, 2 or 3 cells; there are fewer "
        "size-3 lots. House rule: the card shows district and size, not the exact lot — you pick an empty "
        "lot that matches."), (
        "区画カード",
        "区画ごとに1枚、計65枚。カードには地区と大きさ（2か3スペース）が描かれ、3スペースの区画の方が少ない"
        "です。ハウスルール：カードが示すのは地区と大きさで、合う空き区画を自分で選びます。")),
    "NY1901-3": ("board", (
        "Your pieces",
        "A character card with a 2-cell starting lot and a starter building on it; 4 workers; 3 action cards "
        "(Construction Boom, Market Shift, Land Grab); a King token; 18 skyscraper tiles — 6 bronze, 6 "
        "silver, 6 gold, 2 to 6 cells, 2 to 8 VP. Beside the board: 4 legendary skyscrapers (Flatiron, "
        "Woolworth, Chrysler, Empire), gold tier, 9–12 VP. Tiles may be turned and flipped. House rule: the "
        "starter building is bronze, 2 cells, 0 VP; the tile set and the legendaries' shapes are our own."), (
        "各プレーヤーの道具",
        "キャラクターカード（2スペースの初期区画と、そこに置く初期配置ビル）、労働者コマ4個、アクションカード"
        "3枚（建築ブーム・市場変更・土地収奪）、キングトークン1個、超高層ビルタイル18枚（ブロンズ・シルバー・"
        "ゴールド各6枚、2〜6マス、勝利点2〜8）。ボードの横に伝説の超高層ビル4枚（Flatiron、Woolworth、"
        "Chrysler、Empire：ゴールド級、勝利点9〜12）。タイルは回転も裏返しもできます。ハウスルール：初期配置"
        "ビルはブロンズ・2マス・0点。タイルの組と伝説のビルの形は本プロジェクトのものです。")),
    "NY1901-4": ("setup", (
        "Setting up",
        "Shuffle the lot cards (minus the starting lots) into a draw pile and turn 4 face up: the open "
        "market. Turn up 3 of the 5 avenue bonus cards and 1 of the 5 challenge cards; put the legendaries "
        "beside the board. Each player chooses a character (a district colour), the last player first. "
        "Player 1 starts; then clockwise. House rule: in a 2-player game Bowery's character is not offered; "
        "starting lots of unplayed characters stay empty."), (
        "準備",
        "区画カード（初期区画の分を除く）を混ぜて山札にし、4枚を表向きに並べます（オープンマーケット）。"
        "大通りボーナスカード5枚から3枚、ボーナスチャレンジカード5枚から1枚を表向きにし、伝説の超高層ビルを"
        "ボードの横に置きます。キャラクターは最後のプレーヤーから順に選びます。プレーヤー1 から時計回りに"
        "始めます。ハウスルール：2人では Bowery のキャラクターは選べず、使われないキャラクターの初期区画は"
        "空いたままです。")),
    "NY1901-5": ("turn", (
        "Acquire and/or build",
        "Acquire (needs a worker in supply): take a market card and put a worker on an empty lot of that "
        "district and size; the market refills to 4. Build (after acquiring, or instead): place a skyscraper "
        "on cells of your estate; it may span lots and districts and need not fill a lot, but one of its "
        "cells must touch an avenue or a park. Workers under it go home; score its VP at once. Silver needs "
        "6 VP, gold and legendary 18 VP; one legendary per player (King token). House rule: your estate is "
        "every uncovered cell of your lots — lots with your worker and cells earlier builds left empty."), (
        "土地の獲得と／または建築",
        "土地の獲得（手元に労働者コマが必要）：オープンマーケットから区画カードを1枚取り、その地区と大きさの"
        "空いている区画に労働者コマを置きます。マーケットは4枚に補充します。建築（獲得のあと、または代わりに）："
        "自分の土地のマスに超高層ビルを置きます。複数の区画や地区にまたがってよく、区画を埋めなくてもよい"
        "ですが、少なくとも1辺が大通りか公園に触れていなければいけません。下の労働者コマは手元に戻り、勝利点"
        "をただちに獲得します。シルバーは勝利点6、ゴールドと伝説は18から。伝説は1人1枚まで（キングトークン）。"
        "ハウスルール：自分の土地とは、自分の区画のビルのないマス全部（労働者コマのいる区画と、前の建築で"
        "空いたマス）です。")),
    "NY1901-6": ("turn", (
        "Demolish and rebuild",
        "Remove one of your buildings (its VP stay) and place a tile of a strictly higher tier in the freed "
        "cells: bronze → silver → gold or legendary; gold cannot be replaced. The new tile may extend over "
        "neighbouring cells of your lots that hold your workers (they go home). If a freed lot would be left "
        "with no building, put a worker on it — if you cannot, you may not demolish. House rule: the rebuild "
        "uses at least one freed cell."), (
        "ビルの解体と再建",
        "自分のビルを1つ取り除き（勝利点は失いません）、空いたマスに技術力の高いビルを置きます：ブロンズ → "
        "シルバー → ゴールド／伝説。ゴールドは建て替えられません。自分の労働者コマがいる隣の区画のマスにも"
        "広げられます（その労働者コマは戻ります）。ビルのなくなる区画には労働者コマを置かなければならず、"
        "置けないなら解体できません。ハウスルール：再建には空いたマスを少なくとも1つ使います。")),
    "NY1901-7": ("turn", (
        "No worker, no action",
        "If you have no worker in supply and can do neither action, take one worker back from the board and "
        "put its lot card at the bottom of the draw pile (the lot is empty again). House rule: this is your "
        "action for the turn; if nothing at all is possible, you pass."), (
        "労働者コマがないとき",
        "手元に労働者コマがなく、どちらの行動もできないときは、労働者コマを1つ手元に戻し、対応する区画カードを"
        "山札の一番下に戻します（区画は空きます）。ハウスルール：これがその手番の行動です。何もできなければ"
        "パスします。")),
    "NY1901-8": ("turn", (
        "Action cards",
        "Each once per game, at any time in your turn. Construction Boom: one more action this turn (never "
        "two demolitions). Market Shift: the 4 market cards go shuffled to the bottom of the pile and 4 new "
        "ones turn up. Land Grab: acquire one extra lot, not a size-3 lot. House rule: Market Shift may be "
        "played whenever the market holds cards."), (
        "アクションカード",
        "各1回だけ、手番中好きなときに使えます。建築ブーム(Construction Boom)：もう1回行動できる（解体と再建を"
        "2度はできない）。市場変更(Market Shift)：マーケットの4枚をよく切って山札の一番下に入れ、新しい4枚を"
        "並べる。土地収奪(Land Grab)：追加で土地を1つ獲得できる（3スペースは不可）。ハウスルール：市場変更は"
        "マーケットにカードがあればいつでも使えます。")),
    "NY1901-9": ("end", (
        "The end",
        "When a player has only 4 unbuilt skyscrapers left, or the market can no longer be refilled (3 cards "
        "or fewer), everyone gets one last turn — the next player first, the triggering player last. House "
        "rule: checked when a turn ends."), (
        "ゲームの終了",
        "誰かの配置していない超高層ビルが4つだけになるか、オープンマーケットのカードが3枚以下になったら、"
        "次のプレーヤーから順に全員が最後に手番を1度ずつ行い（引き金を引いた人が最後）、ゲーム終了です。"
        "ハウスルール：手番の終わりに調べます。")),
    "NY1901-10": ("end", (
        "Avenue bonus",
        "For each of the 3 avenue bonus cards, the player with the most buildings touching that avenue "
        "scores 5 VP; a tie scores nothing. House rule: an avenue nobody touches gives nothing."), (
        "大通りボーナス",
        "3枚の大通りボーナスカードそれぞれで、その大通りに触れているビルが最も多いプレーヤーが5点。同点なら"
        "得点なし。ハウスルール：誰も触れていない大通りも得点なしです。")),
    "NY1901-11": ("end", (
        "Unused action cards",
        "Each action card you never played scores 1 VP."), (
        "未使用のアクションカード",
        "未使用のアクションカード1枚につき1点です。")),
    "NY1901-12": ("end", (
        "The challenge card",
        "Gold Tycoon: 3 VP per district with 2 or more of your gold buildings. Master Architect: 3/6/10 VP for "
        "3/4/5+ irregular (not rectangular) buildings. Gold Prestige (during play): placing a gold building "
        "scores 1 VP per neighbouring opponent building of a lower tier. Bronze Baron: 5/10/15 VP for "
        "4/5/6+ bronze buildings. Generation King: 5 VP for each tier where you alone have the most "
        "buildings. House rule: starter buildings and legendaries count for avenues but not for challenges."), (
        "ボーナスチャレンジカード",
        "Gold Tycoon：ゴールドのビルを2個以上配置している地区ごとに3点。Master Architect：長方形・正方形以外の"
        "ビル 3つで3点、4つで6点、5つ以上で10点。Gold Prestige（ゲーム中に効果）：ゴールドのビルを置いたら、"
        "隣接する他プレーヤーのより低い技術力のビル1つにつき1点。Bronze Baron：ブロンズのビル 4つで5点、"
        "5つで10点、6つ以上で15点。Generation King：各技術力で最も多くのビルを建てた人に5点（同点は得点なし）。"
        "ハウスルール：初期配置ビルと伝説のビルは大通りには数えますが、チャレンジには数えません。")),
    "NY1901-13": ("end", (
        "The winner",
        "Most VP wins. Tie: the player with the taller legendary, then more gold buildings, then a shared win. "
        "House rule: the gold buildings of the tie-break are gold tiles."), (
        "勝者",
        "勝利点が最も高い人の勝ち。同点なら最も高い伝説の超高層ビルを配置している人、次にゴールドのビルの数、"
        "それでも同じなら勝利を分け合います。ハウスルール：ここで数えるゴールドのビルはゴールドのタイルです。")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
