"""The canvas's Japanese labels in real Chromium (issue 27 item 6): the Japanese face the draw
lists name is there, the Python estimate of a label's width (`nbgames.ui.fonts.text_width`, which
tests/test_canvas_labels.py checks every label with) is never short of what Chromium measures,
and every label drawn within a box fits it as drawn.

No server: each game's draw lists (Japanese, wide and phone-sized) are measured and replayed on
a blank page's canvas (with NBGAMES_CANVAS_SHOTS=<folder>, a screenshot of each is kept there).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from test_canvas_labels import GAMES, placed_texts, view_of  # noqa: E402

from nbgames.ui.board import HIGHLIGHTS, PIECES, STATIC  # noqa: E402
from nbgames.ui.fonts import canvas_font, text_width  # noqa: E402

REPLAY = """
([ops, width, height]) => {
  document.body.replaceChildren();
  const canvas = document.createElement('canvas');
  canvas.width = width; canvas.height = height; document.body.appendChild(canvas);
  const layers = [0, 1, 2].map(() => { const c = document.createElement('canvas');
                                       c.width = width; c.height = height; return c.getContext('2d'); });
  const arr = (v, n) => Array.isArray(v) ? v : Array(n).fill(v);
  const measured = [];
  for (const [layer, name, args] of ops) {
    const ctx = layers[layer];
    if (name.startsWith('set:')) {
      const key = {fill_style: 'fillStyle', stroke_style: 'strokeStyle', line_width: 'lineWidth', font: 'font',
                   text_align: 'textAlign', text_baseline: 'textBaseline', global_alpha: 'globalAlpha'}[name.slice(4)];
      ctx[key] = args[0];
      continue;
    }
    switch (name) {
      case 'clear': ctx.clearRect(0, 0, width, height); break;
      case 'fill_rect': ctx.fillRect(args[0], args[1], args[2], args[3] ?? args[2]); break;
      case 'stroke_rect': ctx.strokeRect(args[0], args[1], args[2], args[3] ?? args[2]); break;
      case 'fill_rects': case 'stroke_rects': {
        const n = [args[0], args[1]].find(Array.isArray)?.length ?? 1;
        const [xs, ys, ws, hs] = [arr(args[0], n), arr(args[1], n), arr(args[2], n), arr(args[3] ?? args[2], n)];
        const draw = name === 'fill_rects' ? ctx.fillRect : ctx.strokeRect;
        for (let i = 0; i < n; i++) draw.call(ctx, xs[i], ys[i], ws[i], hs[i]);
        break; }
      case 'fill_text':
        measured.push({text: args[0], font: ctx.font, width: ctx.measureText(args[0]).width, room: args[3] ?? null});
        if (args[3] != null) ctx.fillText(args[0], args[1], args[2], args[3]);
        else ctx.fillText(args[0], args[1], args[2]);
        break;
      case 'stroke_line':
        ctx.beginPath(); ctx.moveTo(args[0], args[1]); ctx.lineTo(args[2], args[3]); ctx.stroke(); break;
      case 'stroke_line_segments':
        ctx.beginPath();
        for (const [[x1, y1], [x2, y2]] of args[0]) { ctx.moveTo(x1, y1); ctx.lineTo(x2, y2); }
        ctx.stroke(); break;
      case 'fill_circle': case 'stroke_circle':
        ctx.beginPath(); ctx.arc(args[0], args[1], args[2], 0, 2 * Math.PI);
        name === 'fill_circle' ? ctx.fill() : ctx.stroke(); break;
      case 'fill_circles': case 'stroke_circles': {
        const n = args[0].length;
        for (let i = 0; i < n; i++) {
          ctx.beginPath(); ctx.arc(args[0][i], args[1][i], arr(args[2], n)[i], 0, 2 * Math.PI);
          name === 'fill_circles' ? ctx.fill() : ctx.stroke();
        }
        break; }
      case 'set_line_dash': ctx.setLineDash(args[0]); break;
      case 'save': ctx.save(); break;
      case 'restore': ctx.restore(); break;
      case 'translate': ctx.translate(args[0], args[1]); break;
      case 'rotate': ctx.rotate(args[0]); break;
      case 'begin_path': ctx.beginPath(); break;
      case 'rect': ctx.rect(args[0], args[1], args[2], args[3]); break;
      case 'clip': ctx.clip(); break;
      default: throw new Error('op not replayed: ' + name);
    }
  }
  const out = canvas.getContext('2d');
  for (const l of layers) out.drawImage(l.canvas, 0, 0);
  return measured;
}
"""


def plain(value):
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.generic):
        return value.item()
    return value


def test_the_japanese_face_is_there_and_the_estimates_hold(page):
    if not os.environ.get("CI") and "Noto Sans CJK JP" not in subprocess.run(
            ["fc-list", ":lang=ja", "family"], capture_output=True, text=True).stdout:
        pytest.skip("SKIPPED LOUDLY: no Noto Sans CJK JP here (apt-get install fonts-noto-cjk; .ci/run does)")
    page.set_content("<html lang='ja'><body style='margin:0'></body></html>")
    widths = page.evaluate("""() => ['40px "Noto Sans CJK JP", monospace', '40px monospace'].map(f => {
        const c = document.createElement('canvas').getContext('2d'); c.font = f;
        return c.measureText('Wall St 1').width; })""")
    assert widths[0] != widths[1], f"Chromium draws no Noto Sans CJK JP (its width is monospace's): {widths}"
    short, over, drawn = [], [], 0
    for name in sorted(GAMES):
        for narrow in (False, True):
            view = view_of(name, "ja", narrow=narrow)
            ops = [(layer, op, plain(list(args))) for layer, op, args in view.ops((STATIC, PIECES, HIGHLIGHTS))]
            measured = page.evaluate(REPLAY, [json.loads(json.dumps(ops)), view.canvas.width, view.canvas.height])
            if os.environ.get("NBGAMES_CANVAS_SHOTS"):
                shot = Path(os.environ["NBGAMES_CANVAS_SHOTS"]) / f"{name}-{'narrow' if narrow else 'wide'}-ja.png"
                page.locator("canvas").screenshot(path=str(shot))
            labels = placed_texts(ops, (STATIC, PIECES, HIGHLIGHTS))
            assert len(labels) == len(measured)
            for label, real in zip(labels, measured, strict=True):
                drawn += 1
                estimate = text_width(label["text"], label["size"], label["bold"])
                if estimate < real["width"] - 1:
                    short.append((label["text"], real["font"][:20], round(estimate, 1), round(real["width"], 1)))
                if real["room"] is not None and real["width"] > 1.15 * real["room"]:
                    over.append((label["text"], round(real["width"]), real["room"]))
    print(f"\n{drawn} Japanese labels measured in Chromium; estimate short: {short[:4]}; squeezed > 15 %: {over[:4]}")
    assert not short, f"text_width under-estimates Chromium's width: {short[:6]}"
    assert not over, f"labels squeezed by more than 15 % into their box: {over[:6]}"


    for text in ("グリニッジビレッジ", "5番アベニュー", "ボーナスチャレンジ：ゴールドタイクーン"):  # one em a character
        width = page.evaluate("([t, f]) => { const c = document.createElement('canvas').getContext('2d'); c.font = f;"
                              " return c.measureText(t).width; }", [text, canvas_font(20, False, "ja")])
        assert abs(width - text_width(text, 20)) <= 0.25 * 20, (text, width, text_width(text, 20))
