"""New York's rules for players, one entry per rule id of the rule file (NY-1 … NY-18, NY-12a,
NY-V1 … NY-V4), in English and Japanese. Japanese uses the seed's words: 立ち退き料 (the
eviction fee), コマ, チップ, 準備ラウンド, 本ラウンド, 最大建物群, ストップカード."""

from __future__ import annotations

from ..rulebook import build

SECTIONS = {
    "en": {"board": "Board and pieces", "setup": "The setup round", "turn": "The main round: a turn",
           "end": "End and scoring", "variants": "Variants"},
    "ja": {"board": "ボードとコマ", "setup": "準備ラウンド", "turn": "本ラウンド：手番",
           "end": "ゲームの終了と決算", "variants": "ヴァリエーション"},
}

# Rules whose text holds one of this project's house resolutions (rule file [R]).
HOUSE = frozenset({"NY-1", "NY-4", "NY-5", "NY-7", "NY-12", "NY-12a", "NY-13", "NY-14", "NY-15", "NY-18",
                   "NY-V1"})

ENTRIES = {
    "NY-1": ("board", (
        "The board",
        "Manhattan is a 7×7 grid of 49 buildings. Rows are avenues (red cards), top to bottom: Broadway (A), "
        "Eighth Ave (B), Sixth Ave (C), Fifth Ave (D), Madison Ave (E), Park Ave (F), Lexington Ave (G). Columns "
        "are streets (blue cards), left to right: 34th (1), 38th (2), 42nd (3), 46th (4), 49th (5), 53rd (6), "
        "57th St (7). A square is named by both: F5 is Park Ave × 49th St. House rule: these names are our "
        "choice (the seed names Park Ave, Broadway, 38th, 49th and 57th St); they can be changed in the data."), (
        "ボード",
        "マンハッタンは7×7、49の建物のマスです。横の列がアベニュー（赤のカード）で、上から Broadway (A)、"
        "Eighth Ave (B)、Sixth Ave (C)、Fifth Ave (D)、Madison Ave (E)、Park Ave (F)、Lexington Ave (G)。"
        "縦の列がストリート（青のカード）で、左から 34th (1)、38th (2)、42nd (3)、46th (4)、49th (5)、"
        "53rd (6)、57th St (7)。マスは両方の名前で呼びます。F5 は Park Ave × 49th St（パークアベニュー４９）です。"
        "ハウスルール：この並びは本プロジェクトの決定です（訳にあるのはパークアベニュー、ブロードウエイ、"
        "38・49・57番ストリート）。データで変更できます。")),
    "NY-2": ("board", (
        "The cards",
        "28 red road cards (4 per avenue) and 28 blue ones (4 per street), 5 red and 5 blue jokers, 2 STOP "
        "cards, and 12 action cards used only in variant V1. Colour cards decide who plays which colour."), (
        "カード",
        "赤の道路カード28枚（アベニューごとに4枚）と青の道路カード28枚（ストリートごとに4枚）、赤と青の"
        "ジョーカー各5枚、ストップカード2枚、ヴァリエーション1でだけ使うアクションカード12枚。"
        "色カードで、誰がどの色を担当するか決めます。")),
    "NY-3": ("board", (
        "Pieces and chips",
        "Each player gets, by player count: 3 players 25 pieces and 8 chips; 4 players 20 and 6; 5 players "
        "15 and 5. Colours: red, blue, yellow (+ green with 4, + black with 5). Chips only pass between "
        "players — there is no bank."), (
        "コマとチップ",
        "人数ごとの各プレーヤーの持ち分：3人ならコマ25個とチップ8、4人なら20個と6、5人なら15個と5。"
        "色は赤・青・黄（4人で緑、5人で黒を追加）。チップはプレーヤーの間を動くだけで、銀行はありません。")),
    "NY-4": ("setup", (
        "Placing setup pieces",
        "Each player takes one colour for the setup round only and places its setup pieces (3 players 8, "
        "4 players 6, 5 players 5) one at a time, clockwise, until all are placed. House rule: Player 1 "
        "plays the seed's “youngest player” and starts."), (
        "準備ラウンドのコマの配置",
        "各プレーヤーは準備ラウンドのためだけに一色を選び、その色のコマ（3人なら8、4人なら6、5人なら5個）を"
        "時計回りに1個ずつ、全部置くまで置いていきます。ハウスルール：訳の「最も若いプレーヤー」は"
        "プレーヤー1 で、最初に置きます。")),
    "NY-5": ("setup", (
        "Where a setup piece may go",
        "On an empty square that does not touch a piece of the same colour side by side (touching "
        "diagonally is fine). Example: with red on D4, red may not go on C4, E4, D3 or D5, but may go on C3. "
        "This limit exists only in the setup round. House rule: if a colour has no such square left, its "
        "remaining setup pieces are skipped."), (
        "準備ラウンドでコマを置ける場所",
        "空いているマスで、同じ色のコマと縦・横で接しない場所です（斜めはよい）。例：D4 に赤があれば、赤は "
        "C4・E4・D3・D5 には置けませんが C3 には置けます。この制限は準備ラウンドだけです。ハウスルール："
        "置ける場所がもうない色は、残りのコマを置きません。")),
    "NY-6": ("setup", (
        "Colour cards: your real colour",
        "When all setup pieces are placed, the colour cards are shuffled and dealt: your colour for the "
        "rest of the game is random and may differ from the one you placed. You take that colour's remaining "
        "pieces as your supply. (Variant V2: colours are chosen before setup and kept.)"), (
        "色カード：担当する色",
        "準備ラウンドのコマを全部置いたら、色カードをよく混ぜて1枚ずつ取ります。本ラウンドで担当する色は"
        "偶然で決まり、準備ラウンドで置いた色と違うこともあります。その色の残りのコマが手元のコマになります。"
        "（ヴァリエーション2では準備ラウンドの前に色を選び、そのまま使います。）")),
    "NY-7": ("turn", (
        "Opening draw",
        "Starting with the red player and going clockwise, players draw one card at a time; whoever holds "
        "at least 2 red and 2 blue cards skips, until everyone does. Hands are secret, but everyone sees how "
        "many red and blue cards you hold. House rule: jokers count for their colour; STOP and action cards "
        "count for neither."), (
        "最初にカードを取る",
        "赤のプレーヤーから時計回りに1枚ずつカードを取ります。赤と青を2枚ずつ以上持った人は飛ばし、全員が"
        "そうなるまで続けます。手札の中身は秘密ですが、裏の色ごとに分けて持つので赤と青の枚数は皆に見えます。"
        "ハウスルール：ジョーカーはその色に数え、ストップカードとアクションカードはどちらにも数えません。")),
    "NY-8": ("turn", (
        "Who starts",
        "The red player takes the first turn of the main round; then play goes clockwise."), (
        "最初の手番",
        "本ラウンドは赤のプレーヤーから始め、時計回りに進みます。")),
    "NY-9": ("turn", (
        "A turn: play a red and a blue card",
        "(1) Play one red and one blue card: together they name one square — red Park Ave + blue 49th St "
        "name F5. A joker stands for any avenue (red) or street (blue); say which. Two jokers name any square. "
        "(2) Resolve the square (NY-10). (3) Both cards go face up to the discard pile. (4) Draw until you "
        "hold at least 2 red and 2 blue cards."), (
        "手番：赤と青のカードを1枚ずつ出す",
        "(1) 赤と青のカードを1枚ずつ出すと、その交点のマスが決まります。赤の Park Ave と青の 49th St なら F5 "
        "です。ジョーカーは任意のアベニュー（赤）かストリート（青）として使え、どこかを宣言します。赤と青の"
        "ジョーカーを一緒に出せば任意のマスです。(2) マスを解決します（NY-10）。(3) 出した2枚を表向きに"
        "ディスカードパイルに捨てます。(4) 赤と青が2枚ずつ以上になるまでカードを補充します。")),
    "NY-10": ("turn", (
        "What happens on the square",
        "Empty: put one of your pieces there. Another player's piece: pay its owner the eviction fee "
        "(NY-11); their piece goes back to their supply and yours goes there. Your own piece: it comes back "
        "to your supply, with no fee."), (
        "マスの解決",
        "誰のものでもない：自分のコマを置きます。他のプレーヤーのコマ：持ち主に立ち退き料（NY-11）を"
        "支払い、そのコマを持ち主に戻して自分のコマを置きます。自分のコマ：取り除いて手元に戻します"
        "（支払いはありません）。")),
    "NY-11": ("turn", (
        "The eviction fee",
        "The fee is the smaller of two counts of the owner's pieces: on that avenue and on that street, "
        "each counting the evicted piece itself (so at least 1 chip). Seed example: the owner has 4 pieces on "
        "Park Ave and just 1 on 49th St, so evicting F5 (Park Ave × 49th) costs 1 chip; if they have 4 on "
        "38th St too, evicting F2 (Park Ave × 38th) costs 4."), (
        "立ち退き料",
        "立ち退き料は、持ち主のコマの数をそのアベニューとそのストリートで数えた、少ない方の額です（立ち退か"
        "されるコマ自身も数えるので、最低1チップ）。訳の例：相手のコマがパークアベニューに4つ、49番ストリート"
        "にはそれ1つなら、F5（パークアベニュー４９）は1チップ。38番ストリートにも4つあれば、F2（パーク"
        "アベニュー３８）は4チップです。")),
    "NY-12": ("turn", (
        "Pairs you may not play",
        "You may not play a pair whose square needs a fee you cannot pay. House rule: with an empty supply you "
        "may not play onto an empty square or another player's piece (you may still play onto your own)."), (
        "出せない組み合わせ",
        "立ち退き料を払えないマスを示すカードは出せません。ハウスルール：手元のコマがないときは、空いている"
        "マスや他のプレーヤーのマスは選べません（自分のコマのマスは選べます）。")),
    "NY-12a": ("turn", (
        "Joker or exact card?",
        "House rule: when both a joker and an exact card could name the line you want, you choose which to "
        "spend — keeping the joker keeps your options open."), (
        "ジョーカーか、その列のカードか",
        "ハウスルール：ジョーカーでもその列のカードでも同じ列を示せるときは、どちらを使うか自分で選びます。"
        "ジョーカーを残せば、あとの選択肢が広がります。")),
    "NY-13": ("turn", (
        "No playable pair",
        "If no pair of yours can be played: show your hand, discard all of it, draw until you hold 2 red and "
        "2 blue; your turn ends. You may not do this while a playable pair exists. House rule (V1): an "
        "action card you could play does not stop you from taking this turn."), (
        "カードをプレイできない場合",
        "出せる組み合わせがないときは、手札を全部公開してディスカードパイルに捨て、赤と青が2枚ずつ以上に"
        "なるまで引きます。それで手番は終わりです。出せる組み合わせがある限りこれはできません。ハウスルール"
        "（ヴァリエーション1）：出せるアクションカードがあっても、この手番を選べます。")),
    "NY-14": ("turn", (
        "The draw pile runs out",
        "When the draw pile is empty, shuffle the discard pile into a new draw pile. House rule: this "
        "happens when a card must next be drawn; if both piles are empty, drawing stops, and a short hand "
        "is handled by NY-13 on its next turn."), (
        "山札がなくなったら",
        "山札が全てなくなったら、ディスカードパイルをよく混ぜて新しい山札にします。ハウスルール：混ぜるのは"
        "次にカードを引くときです。両方とも空ならそれ以上は引かず、足りない手札は次の手番に NY-13 で"
        "扱います。")),
    "NY-15": ("end", (
        "The STOP cards come in",
        "The first time 4 or fewer squares are empty, both STOP cards go into the discard pile (not the draw "
        "pile): they come into play when the discard pile is next shuffled. House rule: this is checked "
        "after each move and happens once, even if squares empty again."), (
        "ストップカードが入る",
        "誰のものでもない建物が初めて4つ以下になったら、2枚のストップカードをディスカードパイルに置きます"
        "（山札ではありません）。ディスカードパイルを次に混ぜたときに山札に入ります。ハウスルール："
        "毎回のマスの解決のあとに調べ、マスがまた空いても一度きりです。")),
    "NY-16": ("end", (
        "Drawing a STOP card",
        "The moment anyone draws a STOP card, the game ends at once — the rest of that draw is cancelled."), (
        "ストップカードを引いたら",
        "誰かがストップカードを引いたら、直ちにゲームは終了し、残りの補充も行いません。")),
    "NY-17": ("end", (
        "Scoring",
        "2 points per piece in your largest group (pieces joined side by side; diagonals do not join), 1 per "
        "other piece of yours on the board, 1 per chip. Only one group doubles. Seed example: A has a group "
        "of 8, 5 other pieces and 10 chips: 16 + 5 + 10 = 31; B 6/8/8 → 28; C 8/8/6 → 30."), (
        "決算",
        "最大建物群（縦か横でつながった建物。斜めはつながりません）の建物1つにつき2ポイント、それ以外の"
        "建物1つにつき1ポイント、チップ1につき1ポイント。2倍になるのは1群だけです。訳の例：プレーヤーＡは"
        "最大建物群8、その他5、チップ10で 16＋5＋10＝31、Ｂは6/8/8で28、Ｃは8/8/6で30。")),
    "NY-18": ("end", (
        "The winner",
        "The highest total wins. House rule: a tie is a shared win."), (
        "勝者",
        "ポイントの合計が最も大きい人が勝者です。ハウスルール：同点なら勝利を分け合います。")),
    "NY-V1": ("variants", (
        "V1: action cards",
        "12 action cards are shuffled into the deck; they never count towards your 2 + 2 cards, and you may "
        "play at most one per turn. Alone: Sanierung clears the 5 central squares (C4, D3, D4, D5, E4) and "
        "Ruine the 4 corners (A1, A7, G1, G7); then, from you clockwise, each player refills one square at a "
        "time. Spekulation: another player with 8 or more pieces on the board removes one, and you build "
        "there. With a card of the other colour: Baulöwe takes another player's piece in that line without "
        "a fee; Statik makes the player with most pieces in that line remove one, and you build there. "
        "House rule: 6 red and "
        "6 blue backs, the split into kinds, and the 5 central squares are our choice."), (
        "ヴァリエーション1：アクションカード",
        "12枚のアクションカードを山札に混ぜます。赤2枚・青2枚の最低枚数には数えず、1手番に1枚までです。"
        "単独使用：再開発(Sanierung)は中央の5マス（C4・D3・D4・D5・E4）、廃虚(Ruine)は4隅（A1・A7・G1・G7）"
        "のコマを持ち主に戻し、出した人から順に1個ずつ置き直します。投機(Spekulation)：ボード上にコマを8つ"
        "以上置いている他のプレーヤーが1つ取り除き、そこに自分のコマを置きます。もう一方の色のカードと使用：拡大建設(Baulöwe)は"
        "その列の他人のコマを立ち退き料なしで自分のコマに置き換えます。安定(Statik)はその列で最も多く置いて"
        "いる人が1つ取り除き、そこに自分のコマを置きます。ハウスルール：赤6枚・青6枚の裏、種類ごとの枚数、"
        "中央の5マスは本プロジェクトの決定です。")),
    "NY-V2": ("variants", (
        "V2: choose your colour",
        "Each player picks a colour before the setup round, places that colour's setup pieces, and keeps it "
        "for the whole game (no colour cards)."), (
        "ヴァリエーション2：色を選ぶ",
        "準備ラウンドの前に担当する色を選び、その色のコマを配置して、本ラウンドもその色でプレイします"
        "（色カードは使いません）。")),
    "NY-V3": ("variants", (
        "V3: two players",
        "Each player owns two colours (6 setup pieces and 20 pieces per colour) and 12 chips. On your turn "
        "choose which colour to play. You may not evict your own other colour. At the end only your colour "
        "with the larger largest group scores, plus your chips."), (
        "ヴァリエーション3：2人用",
        "各プレーヤーは2色ずつ担当し（1色につき準備ラウンドのコマ6個とコマ20個）、チップを12ずつ持ちます。"
        "手番ではどちらの色を使うか選べます。自分のもう一方の色のコマは立ち退かせられません。終了時には、"
        "大きい方の最大建物群を持つ色とチップだけがポイントになります。")),
    "NY-V4": ("variants", (
        "V4: teams",
        "Four players in two teams, Players 1 + 3 against 2 + 4. Evicting a teammate still costs the fee. "
        "You may also use a pair to place a teammate's piece on an empty square. Scores are individual; the "
        "team with the higher sum wins."), (
        "ヴァリエーション4：チームゲーム",
        "4人が2チーム（プレーヤー1＋3 対 2＋4）でプレイします。同じチームのコマを立ち退かせるときもチップを"
        "払います。カードを出して、空いているマスに同じチームのプレーヤーのコマを置かせることもできます。"
        "決算は個人ごとで、チームの合計が高い方が勝ちです。")),
}

RULEBOOK = build(SECTIONS, ENTRIES)

# Extra words a search of the rules panel finds a rule by (other names players use).
KEYWORDS = {"NY-11": ("手数料", "cost", "price"), "NY-17": ("points", "得点"), "NY-9": ("pair",)}
