"""Regenerate the two small notebooks the serving tests run (``python tests/serve/make_notebooks.py``)."""

from pathlib import Path

import nbformat as nbf

HERE = Path(__file__).resolve().parent
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


def main() -> None:
    index = nbf.v4.new_notebook(metadata={"title": "Test gallery", "kernelspec": KERNELSPEC})
    index.cells = [
        nbf.v4.new_markdown_cell("# Test gallery\n\n[Board](games/board.ipynb)"),
        nbf.v4.new_code_cell("import ipywidgets as w\n\n"
                             "w.HTML('<p class=\"gallery-ready\">Pick a game</p>')"),
    ]
    board = nbf.v4.new_notebook(metadata={"title": "Test board", "kernelspec": KERNELSPEC})
    source = (HERE / "board_app.py").read_text().split("# --- notebook cell ---\n", 1)[1]
    board.cells = [nbf.v4.new_markdown_cell("# Test board"), nbf.v4.new_code_cell(source.strip())]
    broken = nbf.v4.new_notebook(metadata={"title": "Broken page", "kernelspec": KERNELSPEC})
    broken.cells = [nbf.v4.new_code_cell("secret_path = '/srv/secret-setting'\n1 / 0")]
    nbf.write(index, HERE / "notebooks" / "index.ipynb")
    nbf.write(broken, HERE / "notebooks" / "broken.ipynb")
    nbf.write(board, HERE / "notebooks" / "games" / "board.ipynb")


if __name__ == "__main__":
    main()
