"""PDF rendering of statements and certificates with fpdf2 and Debian's Noto CJK font
(docs/statements.md#pdf). The font is the ``fonts-noto-cjk`` package (bin/setup installs it);
fpdf2 embeds the subset of glyphs a document uses, so a statement is a few tens of KB."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

# fpdf2 (and numpy, which it imports) is imported when the first document is rendered: at
# import it would add about 30 MiB to every server process (see robo/optimiser.py).

#: Noto Sans CJK's collection; face 2 is its simplified-Chinese cut (Noto Sans CJK SC).
FONT_FILES = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
)
SC_FACE = 2
FONT = "NotoSansCJK"


@cache
def font_files() -> tuple[Path, Path]:
    missing = [str(p) for p in FONT_FILES if not p.is_file()]
    if missing:
        raise RuntimeError(
            f"the CJK font is missing ({', '.join(missing)}): run bin/setup (fonts-noto-cjk)"
        )
    return FONT_FILES[0], FONT_FILES[1]


def amount(value: Decimal) -> str:
    """12345.6 → 12,345.60 (yuan to the cent)."""
    return f"{value:,.2f}"


@dataclass
class Table:
    title: str
    header: Sequence[str]
    rows: Sequence[Sequence[str]]
    empty: str
    #: Relative column widths.
    widths: Sequence[int]


@dataclass
class Document:
    title: str
    subtitle: str
    #: (label, value) lines under the title.
    facts: Sequence[tuple[str, str]]
    tables: Sequence[Table]
    footer: Sequence[str]
    created: datetime


@cache
def _pdf_class() -> Any:
    """fpdf2's document with the page footer (title and page number)."""
    from fpdf import FPDF

    class _Pdf(FPDF):
        footer_text = ""

        def footer(self) -> None:
            self.set_y(-12)
            self.set_font(FONT, size=8)
            self.set_text_color(128)
            self.cell(0, 6, f"{self.footer_text}  {self.page_no()}/{{nb}}", align="C")

    return _Pdf


def render(doc: Document) -> bytes:
    from fpdf.fonts import FontFace

    regular, bold = font_files()
    pdf = _pdf_class()(format="A4")
    pdf.footer_text = doc.title
    pdf.set_creation_date(doc.created)
    pdf.set_title(doc.title)
    pdf.set_author("OpenTAMP")
    pdf.add_font(FONT, fname=str(regular), collection_font_number=SC_FACE)
    pdf.add_font(FONT, style="B", fname=str(bold), collection_font_number=SC_FACE)
    pdf.set_auto_page_break(auto=True, margin=16)
    pdf.add_page()
    pdf.set_font(FONT, style="B", size=18)
    pdf.cell(0, 12, doc.title, new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.set_font(FONT, size=10)
    pdf.set_text_color(96)
    pdf.cell(0, 6, doc.subtitle, new_x="LMARGIN", new_y="NEXT", align="C")
    pdf.set_text_color(0)
    pdf.ln(4)
    for label, value in doc.facts:
        pdf.set_font(FONT, size=10)
        pdf.cell(45, 7, label)
        pdf.set_font(FONT, style="B", size=10)
        pdf.cell(0, 7, value, new_x="LMARGIN", new_y="NEXT")
    for table in doc.tables:
        pdf.ln(4)
        pdf.set_font(FONT, style="B", size=12)
        pdf.cell(0, 8, table.title, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(FONT, size=9)
        if not table.rows:
            pdf.set_text_color(128)
            pdf.cell(0, 7, table.empty, new_x="LMARGIN", new_y="NEXT")
            pdf.set_text_color(0)
            continue
        with pdf.table(
            col_widths=tuple(table.widths),
            headings_style=FontFace(emphasis="BOLD", fill_color=(240, 242, 245)),
            line_height=6,
            text_align="LEFT",
        ) as t:
            head = t.row()
            for h in table.header:
                head.cell(h)
            for values in table.rows:
                r = t.row()
                for v in values:
                    r.cell(v)
    pdf.ln(6)
    pdf.set_font(FONT, size=8)
    pdf.set_text_color(96)
    for line in doc.footer:
        pdf.multi_cell(0, 5, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
