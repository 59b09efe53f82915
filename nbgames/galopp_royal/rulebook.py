"""Galopp Royal's rules for players, one entry per rule id of the rule file (GR-1 … GR-20), in
English and Japanese. Japanese uses the seed's words: 輿, かつぎ手, 競り, 貝の形の池, ドジなかつぎ手,
策士, 最下位, かつぎ手の交代, 交代チームの競り."""

from __future__ import annotations

from ..rulebook import build

SECTIONS = {
    "en": {"board": "Cards, chairs and coins", "auction": "Start-team auctions", "race": "A race",
           "between": "Between races", "end": "End of the game"},
    "ja": {"board": "カード・輿・コイン", "auction": "最初のかつぎ手の競り", "race": "レース",
           "between": "レースとレースの間", "end": "ゲームの終了"},
}

# Rules whose text holds one of this project's house resolutions (rule file [R]).
HOUSE = frozenset({"GR-2", "GR-3", "GR-4", "GR-6", "GR-7", "GR-8", "GR-11"})

ENTRIES = {
    "GR-1": ("board", (
        "Players, chairs and coins",
        "3 to 6 players. Each has a sedan chair, a bearer board with slots 1–4, and starts with 50 coins "
        "from the bank. Most coins after six races wins."), (
        "プレーヤー・輿・コイン",
        "3〜6人用。各プレーヤーは輿とかつぎ手ボード（1〜4の場所）を持ち、資本金として銀行から50コインを"
        "受け取ります。6レース終了時に最も多くのコインを持っている人の勝ちです。")),
    "GR-2": ("board", (
        "Bearer cards",
        "40 bearer cards. +1, +2, +3 and +5 move your own chair forward; the −2 goof moves it back 2; the ±2 "
        "schemer pushes chairs both ways (GR-11). House rule: the printed split is unknown, so we use +1 ×8, "
        "+2 ×8, +3 ×8, +5 ×4, −2 ×6, ±2 ×6."), (
        "かつぎ手カード",
        "かつぎ手カードは40枚。＋1・＋2・＋3・＋5 は自分の輿をその数だけ進め、−2 のドジなかつぎ手は2マス"
        "後退させ、＋2／−2 の策士は輿を前後に動かします（GR-11）。ハウスルール：印刷された枚数の内訳は不明"
        "なので、＋1×8、＋2×8、＋3×8、＋5×4、−2×6、±2×6 とします。")),
    "GR-3": ("board", (
        "The six races",
        "Chairs start on START (space 0). Each race has its own goal and prizes for 1st/2nd/3rd; race 1 pays "
        "20/10/5 (seed). House rule: goals 15, 18, 21, 24, 27, 30 spaces; prizes 20/10/5, 25/12/6, 30/15/8, "
        "35/18/9, 40/20/10, 50/25/12."), (
        "6つのレース",
        "輿はスタート（0のマス）から出ます。レースごとにゴールと1〜3位の賞金が違い、第1レースは 20/10/5 です"
        "（訳より）。ハウスルール：ゴールは 15・18・21・24・27・30 マス、賞金は 20/10/5、25/12/6、30/15/8、"
        "35/18/9、40/20/10、50/25/12。")),
    "GR-4": ("board", (
        "The shell pond",
        "Behind START lie spaces −1, −2 and −3; a chair moved to −4 or further falls into the shell pond and "
        "is out of this race. House rule: 3 spaces behind START."), (
        "貝の形の池",
        "スタートの後ろに −1・−2・−3 のマスがあり、−4 以上後退した輿は貝の形の池に入り、その回のレースから"
        "脱落します。ハウスルール：スタートの後ろは3マスとします。")),
    "GR-5": ("board", (
        "The die",
        "A four-sided die: the roll 1–4 picks the bearer in that slot of the roller's board, so each slot "
        "has a 1 in 4 chance."), (
        "4面ダイス",
        "4面ダイスの目 1〜4 は、振った人のかつぎ手ボードのその場所のかつぎ手を選びます。どの場所も確率は"
        "4分の1です。")),
    "GR-6": ("auction", (
        "What is in the lot",
        "Auctions repeat until everyone has a team of 4 bearers; players who have one sit out. With 4 "
        "players still without a team, each draws 1 card and looks at it alone — those 4 are the lot. With 3: one "
        "card each plus 1 face up. With 2: two cards each. With 5 or 6: one each, and the first passer (first "
        "two with 6) discards theirs face up. The last player alone takes the top 4 cards for 10 coins, "
        "whatever they are. House rule: all their coins if they have fewer."), (
        "競りにかけられるカード",
        "全員が4人のかつぎ手のチームを持つまで競りを繰り返し、チームを買った人は参加しません。参加が4人なら"
        "各自1枚取って自分だけが見て、その4枚が競りのカードです。3人なら各自1枚と表向きの1枚、2人なら各自"
        "2枚。5・6人なら各自1枚で、最初にパスした人（6人なら最初の2人）は表向きに捨てます。最後の1人は山札の"
        "上から4枚を内容に関わらず10コインで獲得します。ハウスルール：コインが足りなければ持っている全部です。")),
    "GR-7": ("auction", (
        "Bidding",
        "Player 1 opens the first auction; each later one opens left of the last winner. Clockwise, bid more "
        "than the current bid or pass. A pass puts you out of this auction; your card stays in the lot face "
        "down. House rule: bids are whole numbers from 1 up to your coins."), (
        "競り",
        "最初の競りはプレーヤー1（訳の「最も若いプレーヤー」）から、以降は競り落とした人の左隣から始めます。"
        "時計回りに、前の人より高い値段を言うかパスします。パスした人はこの競りに参加できず、カードは裏向きの"
        "まま残ります。ハウスルール：値段は1以上、持っているコインまでの整数です。")),
    "GR-8": ("auction", (
        "Winning the lot",
        "When one bidder is left and a bid exists, they pay the bid to the bank and take all 4 cards. If "
        "nobody bid, the cards are discarded and a new auction starts from the same player. House rule: "
        "after 3 empty auctions in a row, the opener must bid at least 1."), (
        "競り落とす",
        "値段がついていて残りが1人になったら、その人が代金を銀行に払い4枚を受け取ります。誰も値をつけな"
        "かったらカードは捨て札にし、同じ人から新たに競りをします。ハウスルール：3回続けて誰も値をつけな"
        "かったら、始める人は1以上の値段をつけなければなりません。")),
    "GR-9": ("auction", (
        "Arranging your team",
        "When all teams are bought, each player lays their 4 bearers face up on slots 1–4 in any order. (The "
        "die is fair, so the order is up to you.)"), (
        "かつぎ手を並べる",
        "全員のかつぎ手が決まったら、各自かつぎ手を表向きにしてボードの1〜4に好きな順で並べます。")),
    "GR-10": ("race", (
        "Who starts a race",
        "Race 1 is started by Player 1; every later race by the last-placed player of the race before; then "
        "clockwise. All chairs start on START."), (
        "レースを始める人",
        "第1レースはプレーヤー1 から、以降は前のレースで最下位だったプレーヤーから始め、時計回りに進めます。"
        "輿は全てスタートに置きます。")),
    "GR-11": ("race", (
        "A race turn",
        "Roll the die and apply the bearer in that slot: +1/+2/+3/+5 forward, the goof 2 back (maybe into "
        "the pond). The schemer: either you +2 and one other chair −2 or two others −1 each, or you −2 and "
        "one other +2 or two others +1 each. The schemer never pushes another chair into the pond; finished "
        "and pond chairs are not targets. Chairs may share a space. House rule: with no allowed target, that "
        "part is skipped."), (
        "レースの手番",
        "ダイスを振り、その場所のかつぎ手に従って輿を動かします。＋1・＋2・＋3・＋5 は前進、ドジなかつぎ手は"
        "2マス後退（池に入ることも）。策士：自分が＋2 して他人の輿1つを−2 か2つを−1ずつ、または自分が−2 して"
        "他人の輿1つを＋2 か2つを＋1ずつ。策士で他人の輿を池に落とすことはできず、ゴールした輿と池の輿は"
        "対象外です。1マスに複数の輿が入ってもかまいません。ハウスルール：対象がなければその部分は行いません。")),
    "GR-12": ("race", (
        "Finishing",
        "A chair that reaches or passes the goal (exactly is not needed) finishes at once: 1st, 2nd, 3rd … "
        "A chair pushed over by a schemer finishes too. Finished chairs take no more turns."), (
        "ゴール",
        "ゴールのマスにたどり着いた（ちょうどでなくてもよい）輿は、その時点で順に1位・2位・3位…になります。"
        "策士で押し出された輿もゴールです。ゴールした輿はもう手番を行いません。")),
    "GR-13": ("race", (
        "When a race ends",
        "When places 1–3 are decided and the last place is too. Last is the first chair to fall into the "
        "pond, or else the rearmost chair still racing; if several tie for rearmost, the race goes on until "
        "one alone is last. It also ends when no chair is still racing."), (
        "レースの終了",
        "1〜3位が決まり、最下位も決まったときです。最下位は最初に池に入った輿、いなければまだ走っている"
        "一番後ろの輿です。一番後ろが2つ以上あれば、単独の最下位が出るまで続けます。走っている輿がなくなった"
        "ときも終わります。")),
    "GR-14": ("race", (
        "Final order",
        "Finishers in finishing order, then chairs still on the course from front to back, then pond "
        "chairs, the latest to fall in ranking highest. Example: if only 2 chairs finish, the chair that fell "
        "into the pond last takes 3rd place."), (
        "順位",
        "ゴールした順、次にコース上の輿を前から、最後に池の輿を後から入った順に並べます。例：池に入った輿の"
        "せいで入賞者が2人しかいなければ、あとから池に入った輿が3位です。")),
    "GR-15": ("race", (
        "Prizes",
        "The bank pays the race's prizes to places 1–3, e.g. 20, 10 and 5 coins in race 1."), (
        "賞金",
        "銀行が1〜3位に賞金を払います。例えば第1レースでは20・10・5コインです。")),
    "GR-16": ("between", (
        "Bearer exchange",
        "After races 1–5 the last-placed player picks one bearer on every board, their own included, and "
        "discards it face up. Then, from them clockwise, each player draws one card into the empty slot."), (
        "かつぎ手の交代",
        "第1〜5レースのあと、最下位のプレーヤーは全員のボード（自分のも含む）からかつぎ手を1枚ずつ選んで"
        "表向きに捨てさせます。そして最下位の人から順に山札から1枚ずつ取り、空いた場所に補充します。")),
    "GR-17": ("between", (
        "Substitute-team auctions",
        "Then two auctions with everyone taking part, run like the start auctions but: the last-placed player "
        "opens both; a winner must replace their whole team with the 4 new cards (the old 4 are discarded) "
        "and arranges them; the first winner may bid in the second; if nobody bids, that lot is discarded "
        "and not replaced."), (
        "交代チームの競り",
        "続いて全員参加で2回の競りを行います。最初の競りと同じですが、例外があります：最下位だったプレーヤーが"
        "両方を始める。買った人は必ずチーム全体を新しい4枚と入れ替え（古い4枚は捨て札）、並べる。1回目で"
        "競り落とした人も2回目に参加できる。誰も値をつけなければそのチームは捨て札になり、やり直しは"
        "ありません。")),
    "GR-18": ("between", (
        "The next race",
        "The goal moves to the next race's distance and every chair returns to START."), (
        "次のレース",
        "ゴールを次のゴール地点に動かし、輿はスタートに戻します。")),
    "GR-19": ("between", (
        "The deck runs out",
        "When the deck is empty, shuffle the discard pile into a new deck."), (
        "山札がなくなったら",
        "山札がなくなったら、捨て札をよく混ぜて新たな山札にします。")),
    "GR-20": ("end", (
        "The end",
        "After race 6 the game ends (no exchange, no auction). Most coins wins; a tie is a shared win."), (
        "ゲームの終了",
        "第6レースが終了した時点でゲームも終了します（交代も競りもなし）。最も多くのコインを持つ人が勝者で、"
        "同点なら同点優勝です。")),
}

RULEBOOK = build(SECTIONS, ENTRIES)
