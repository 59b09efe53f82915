"""New York City's rules for players, one entry per rule id of the rule file (NYC-1 … NYC-14),
in English and Japanese. Japanese uses the seed's words: 地区, 得点タイル, 中立ビル, プレストラック,
名声タイル, 乗り物, ランタン, 自由の女神, リザーブ, 市長, 入札ラウンド, 最多ボーナス, ワイルドカード."""

from __future__ import annotations

from ..rulebook import build

SECTIONS = {
    "en": {"board": "Board and pieces", "setup": "Setup", "round": "A round", "end": "End of the game"},
    "ja": {"board": "ボードと道具", "setup": "セットアップ", "round": "ラウンドの流れ", "end": "ゲームの終了"},
}

# Rules whose text holds one of this project's house resolutions (rule file [R], data house_resolutions).
HOUSE = frozenset({"NYC-1", "NYC-2", "NYC-3", "NYC-4", "NYC-5", "NYC-6", "NYC-7", "NYC-12", "NYC-13"})

ENTRIES = {
    "NYC-1": ("board", (
        "Districts and routes",
        "Six districts, each with a letter A–F (dealt at random), a score tile (its base value) and 2 black "
        "neutral buildings. Routes join districts; each route holds one vehicle and has a lantern at each "
        "end. House rule: 2–4 players; the districts (Harlem, Upper West Side, Upper East Side, Midtown, "
        "Greenwich Village, Lower Manhattan), the 9 routes, 5 vehicle and 5 lantern colours and the score "
        "tiles 6–12 are our own."), (
        "地区と道",
        "6つの地区に、ランダムな文字 A〜F、得点タイル（基本の値）、黒の中立ビル2個を置きます。地区は道で"
        "つながり、道には乗り物が1つ、両端にランタンがあります。ハウスルール：2〜4人用。地区（Harlem、"
        "Upper West Side、Upper East Side、Midtown、Greenwich Village、Lower Manhattan）、9本の道、乗り物5色と"
        "ランタン5色、得点タイル 6〜12 は本プロジェクトのものです。")),
    "NYC-2": ("board", (
        "The press track",
        "Each player's marker starts stacked at 0 in random order (the top of a stack is ahead), with a black "
        "neutral marker further up. Higher on the press track breaks every tie and sets the order. House "
        "rule: the track runs 0–15; the black marker stands on 4 (2 players), 3 (3) or 2 (4)."), (
        "プレストラック",
        "プレス駒はランダムに重ねて0に置き（上にある駒が先）、黒のプレス駒は人数に応じた位置に置きます。"
        "プレストラックが上の人が全ての同点で勝ち、順番も決めます。ハウスルール：トラックは 0〜15、黒は"
        "2人なら4、3人なら3、4人なら2に置きます。")),
    "NYC-3": ("board", (
        "Fame tiles",
        "10 fame tiles, each with a vehicle colour and a value; 2 are face up each round, the pair turned up at "
        "setup being round 1's. House rule: values 2–4."), (
        "名声タイル",
        "名声タイル10枚は乗り物の色と値を持ち、各ラウンド2枚を公開します（セットアップで公開した2枚が"
        "第1ラウンドの分）。ハウスルール：値は 2〜4。")),
    "NYC-4": ("board", (
        "Statue of Liberty",
        "The first player with buildings in all 6 districts scores 4 VP; later ones score 3. House rule: the "
        "later value 3."), (
        "自由の女神",
        "6地区全てにビルを置いた最初のプレーヤーは4点、あとの人は3点です。ハウスルール：あとの人の3点。")),
    "NYC-5": ("board", (
        "Your pieces and the cards",
        "Each player has 4 buildings on their personal board and 1 dollar; more buildings come from the "
        "stock. Bid cards come in 6 kinds — press, dollar, elevator, building acquisition, VP, construction "
        "— plus wilds. House rule: 11 cards of each kind and 11 wilds; 25 buildings per colour."), (
        "各自の道具とカード",
        "各プレーヤーは個人ボードにビル4つと1ドルを持ち、追加のビルはストックから来ます。入札カードは6種類"
        "（プレス・ドル・エレベーター・ビル獲得・ＶＰ・ビル建設）とワイルドカードです。ハウスルール：各種類"
        "11枚、ワイルド11枚。ビルは1色25個。")),
    "NYC-6": ("board", (
        "Characters",
        "Character tiles 1–42, each with a level (its end points, the number top right) and the phase when "
        "its ability works: phase 1, 2, 3 or end of game. Light-backed starting characters are 28–32. House "
        "rule: characters the seed does not describe (6, 9, 10, 16, 17, 23, 25, 36) are left out, and the "
        "levels 1–5 are ours."), (
        "キャラクター",
        "キャラタイル 1〜42 は、レベル（右上の数字＝終了時得点）と、能力が使えるフェイズ（フェイズ1・2・3か"
        "ゲーム終了時）を持ちます。裏面が明るい初期キャラは 28〜32。ハウスルール：訳にない番号（6・9・10・"
        "16・17・23・25・36）は使わず、レベル 1〜5 は本プロジェクトの決定です。")),
    "NYC-7": ("setup", (
        "Setting up",
        "Lay out districts, score tiles, neutral buildings, vehicles and fame tiles (2 face up); the Statue "
        "at 4. One building of every player goes into the start district. Everyone takes 4 buildings, 1 "
        "dollar and 2 face-up reserve cards. Counter-clockwise from the player right of the press leader, "
        "each chooses a starting character 28–32. House rule: the start district is random; unchosen "
        "starting characters go back to the box."), (
        "セットアップ",
        "地区・得点タイル・中立ビル・乗り物・名声タイル（2枚公開）を置き、自由の女神を4にします。スタートの"
        "地区に全プレーヤーのビルを1つ置きます。各自ビル4つと1ドル、公開のリザーブ2枚を受け取ります。"
        "プレストラックが上のプレーヤーの右隣から反時計回りに、初期キャラ 28〜32 を1つ選びます。ハウスルール："
        "スタートの地区はランダム、選ばれなかった初期キャラは箱に戻します。")),
    "NYC-8": ("round", (
        "Phase 0: the mayor moves",
        "The mayor moves to the next district: A, B, C, D, E in rounds 1–5 (F is never visited). Two new "
        "fame tiles turn up (round 1: the setup pair). Dollars on characters used last round come off."), (
        "フェイズ0：市長が動く",
        "市長を次の地区へ動かします（ラウンド1〜5で A→E、F には行きません）。新しい名声タイルを2枚公開します"
        "（第1ラウンドはセットアップの2枚）。前のラウンドで使用したキャラの上のドルを取り除きます。")),
    "NYC-9": ("round", (
        "Phase 1: the card draft",
        "Everyone is dealt 3 cards; 2N+1 face-up pairs are laid out (N players). Counter-clockwise from the "
        "player right of the press leader, players take one pair at a time for two laps, so each holds 7 "
        "cards plus the reserve of 2. Phase-1 character abilities may be used now (1 dollar each)."), (
        "フェイズ1：カードの獲得",
        "全員に3枚ずつ配り、2N＋1 組（N は人数）のペアを公開します。プレストラックが上のプレーヤーの右隣から"
        "反時計回りに2周、1組ずつ取り、手札7枚とリザーブ2枚を持ちます。フェイズ1のキャラの能力はここで使え"
        "ます（1ドルずつ）。")),
    "NYC-10": ("round", (
        "Phase 2: six bidding rounds",
        "In order press → dollar → elevator → building acquisition → VP → construction. From the start "
        "player clockwise, play any number of cards of that kind or pass. A wild copies the kind it is played "
        "with (never alone); two identical cards count as one card of a declared kind. Swap your reserve "
        "with hand cards any time. Each card gives its effect (press up, dollars, a character of level ≤ "
        "cards played, buildings to your board, VP, buildings in the mayor's district). Whoever played most "
        "gets +1 (ties: higher on press) and starts the next bidding round. In the VP round the top two may "
        "take a fame tile, remove a vehicle of its colour, put the tile on a district at that route's lantern "
        "end and build there. Example: 3 press cards against 2 move you up 3 + 1."), (
        "フェイズ2：6つの入札ラウンド",
        "順番はプレス → ドル → エレベーター → ビル獲得 → ＶＰ → ビル建設。開始プレーヤーから時計回りに、その"
        "種類のカードを好きな枚数出すかパスします。ワイルドカードは一緒に出した札のコピーで、単独では出せ"
        "ません。同じ札2枚は宣言した札1枚になります。リザーブと手札はいつ何回でも交換できます。出した枚数だけ"
        "効果（プレスを進む、ドル、出した枚数以下のレベルのキャラ、個人ボードへのビル、ＶＰ、市長の地区への"
        "建設）。最も多く出した人は＋1（同数ならプレストラックが上の人）で、次の入札ラウンドを始めます。ＶＰ"
        "ラウンドではトップと2番目が名声タイルを選び、その色の乗り物を取り除き、道のランタンの端の地区に"
        "タイルを置いてビルを建てます。例：プレスを3枚出して相手が2枚なら、3＋1 マス進みます。")),
    "NYC-11": ("round", (
        "Phase 3",
        "Phase-3 character abilities may be used; then the next round begins. Cards left in hand are "
        "discarded at the end of the round."), (
        "フェイズ3",
        "フェイズ3のキャラの能力を使えます。そして次のラウンドへ。ラウンド終了時に残っていた手札は全て"
        "捨てます。")),
    "NYC-12": ("round", (
        "Character abilities",
        "Each costs 1 dollar placed on the character and works only in its phase; end-of-game ones are free. "
        "Phase 1: 1 redraw, 2 split two pairs, 3 a third reserve card, 4 take two pairs, 5 draw 3 discard 2, "
        "7 trade up a level, 8 reserve matches, 11 replace a black building. Phase 2: 12 new reserve, 13 one "
        "card counts now, 14 press for wilds, 15 play a matching reserve card, 18 act last, 19 double VP "
        "cards, 20 one card counts twice, 21 one more building, 22 take 2 played cards back. Phase 3: 24, "
        "26, 27 press and buildings. End: 28–32 lantern districts, 33 half your press, 34 reserve kind, 35 "
        "districts with 3 buildings, 37–42 vehicle sets. House rule: 19 doubles the VP cards, not the fame "
        "tile; 21 not for the fame-tile build; 34 counts your reserve."), (
        "キャラの能力",
        "1ドルをキャラに置いて使い、そのフェイズにしか使えません（終了時のキャラは無料）。フェイズ1：1 引き"
        "直し、2 2組から1枚ずつ、3 リザーブ3枚目、4 2組獲得、5 3枚引いて2枚捨てる、7 1レベル上と交換、"
        "8 リザーブ一致、11 黒いビルを置き換え。フェイズ2：12 リザーブ入れ替え、13 1枚を今のラウンドに、"
        "14 プレスをワイルドに、15 一致するリザーブを出す、18 最後手番、19 ＶＰ2倍、20 1枚を2枚分、"
        "21 ビル追加、22 2枚まで手札に戻す。フェイズ3：24・26・27 プレスとビル。終了時：28〜32 ランタン、"
        "33 プレストラックの半分、34 リザーブの種類、35 3つ以上の区、37〜42 乗り物のセット。ハウスルール："
        "19 は名声タイルを2倍にせず、21 は名声タイルの建設には使えず、34 はリザーブを数えます。")),
    "NYC-13": ("end", (
        "Final scoring",
        "After round 5: your characters' levels; the Statue bonus; 3 VP for press 5 or higher; (dollars + "
        "buildings left on your board) ÷ 2, rounded up; end-of-game characters; and each district's value "
        "(score tile + fame tiles) to the player with most buildings there, half to the second, half again to "
        "the third… Ties in buildings are ranked by press; no buildings, no points. Example: a district worth "
        "10 pays 10, 5, 2. House rule: halves round down; black neutral buildings compete like a player and "
        "their share is lost."), (
        "得点計算",
        "5ラウンド終了後：キャラのレベルの合計、自由の女神、プレストラック5以上で3点、個人ボード上の余った"
        "ドルとビルの合計÷2（切り上げ）、終了時のキャラ、そして各地区の値（得点タイル＋名声タイル）を最も"
        "多くビルを置いた人が獲得し、2位はその半分、3位は更に半分…。ビルの数が同数ならプレストラックが上の"
        "人が上位。ビルがなければ無得点。例：値10の地区なら 10・5・2。ハウスルール：半分は切り捨て。黒の中立"
        "ビルもプレーヤーのように順位を取り、その分は失われます。")),
    "NYC-14": ("end", (
        "The winner",
        "Most VP wins; a tie goes to the player higher on the press track."), (
        "勝者",
        "ＶＰが最も多い人の勝ち。同点ならプレストラックが上の人の勝ちです。")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
