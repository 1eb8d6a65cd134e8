"""PDF rendering of statements and certificates with fpdf2 and Debian's Noto CJK font
(docs/statements.md#pdf). The font is the ``fonts-noto-cjk`` package (bin/setup installs it);
fpdf2 embeds the subset of glyphs a document uses, so a statement is a few tens of KB.

Each face is parsed once per process and its metrics shared by the documents; each document
subsets its own copy of the face, read from a file that holds the simplified-Chinese face alone
(docs/statements.md#the-fonts-cost)."""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from opentamp.config import get_settings
from opentamp.kit.money import amount_text

if TYPE_CHECKING:
    from fpdf import FPDF
    from fpdf.fonts import TTFFont

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


#: The tables of a face's outline files: the outlines (CFF) and what fontTools needs to read,
#: subset and write them. The metrics fpdf2 lays text out with (cmap, widths, names) come from
#: the parse of the whole face in the collection, done once per process.
FACE_TABLES = frozenset({"GlyphOrder", "CFF ", "head", "hhea", "maxp", "post"})


@cache
def common_characters() -> frozenset[int]:
    """The characters of the smaller outline file: ASCII and Latin-1, general punctuation, CJK
    symbols and punctuation, the full-width forms, and GB 2312 (its 6 763 characters cover
    nearly all modern simplified-Chinese text, names included); 7 904 in all."""
    chars = {*range(0x20, 0x7F), *range(0xA0, 0x100), *range(0x2000, 0x2070)}
    chars |= {*range(0x3000, 0x3040), *range(0xFF00, 0xFFF0)}
    for row in range(0xA1, 0xF8):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(ord(bytes((row, cell)).decode("gb2312")))
            except UnicodeDecodeError:
                continue  # an unassigned position
    return frozenset(chars)


class _Widths(dict[int, float]):
    """The advance widths by character, and the font's default width for a character it lacks.
    fpdf2's own table (a ``defaultdict``) adds each such character as it meets it: this one is
    never written, so the documents share it."""

    def __init__(self, widths: dict[int, float], default: float) -> None:
        super().__init__(widths)
        self.default = default

    def __missing__(self, char: int) -> float:
        return self.default


class _Face(NamedTuple):
    #: fpdf2's parse of the face, its tables dropped (the metrics stay)
    metrics: TTFFont
    #: the face's outlines (all 65 535 glyphs), and those of the common characters (7 802)
    outlines: Path
    common: Path
    common_glyphs: frozenset[str]


_faces_lock = threading.Lock()
#: fpdf2's font key ("notosanscjk", "notosanscjkB") → the face
_faces: dict[str, _Face] = {}


def _write_atomically(font: Any, target: Path) -> None:
    partial = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}")
    font.save(partial)
    font.close()
    os.replace(partial, target)  # another process reads a whole file or none


def outline_files(source: Path, glyphs: frozenset[str]) -> tuple[Path, Path]:
    """The outline files of the simplified-Chinese face of the collection ``source``, made at
    first use in the cache directory (about 0.5 s each), named by the source's size and time so
    that a new font package makes new ones: the face alone with ``FACE_TABLES`` (its tables
    copied as they are), and the same cut down to ``glyphs`` (the character strings of the others
    dropped, the subroutines kept: subsetting a document prunes them). A document's subset is
    the same, byte for byte, cut from either; from the smaller one it reads 2.9 MB, not 15."""
    from fontTools.ttLib import TTFont

    stat = source.stat()
    directory = get_settings().var_dir / "cache" / "fonts"
    stem = f"{source.stem}-{SC_FACE}-{stat.st_size}-{stat.st_mtime_ns}"
    whole, common = directory / f"{stem}.otf", directory / f"{stem}-common.otf"
    if not whole.is_file():
        directory.mkdir(parents=True, exist_ok=True)
        face = TTFont(source, fontNumber=SC_FACE, lazy=True, recalcTimestamp=False)
        for tag in [t for t in face.keys() if t not in FACE_TABLES]:
            del face[tag]
        _write_atomically(face, whole)
    if not common.is_file():
        # fontTools' subsetter would also prune the subroutines and recompute the bounding box,
        # running every kept glyph's program (about 7 s): this keeps the rest as it is.
        face = TTFont(whole, lazy=True, recalcTimestamp=False, recalcBBoxes=False)
        cff = face["CFF "].cff
        top = cff[cff.fontNames[0]]
        kept = [i for i, name in enumerate(top.charset) if name in glyphs]
        index = top.CharStrings.charStringsIndex
        index.items = [index[i] for i in kept]
        del index.file, index.offsets
        top.CharStrings.charStrings = {top.charset[i]: n for n, i in enumerate(kept)}
        top.FDSelect.format = None
        top.FDSelect.gidArray = [top.FDSelect.gidArray[i] for i in kept]
        top.charset = [top.charset[i] for i in kept]
        top.numGlyphs = len(kept)
        face.setGlyphOrder(top.charset)
        face["maxp"].numGlyphs = len(kept)
        _write_atomically(face, common)
    return whole, common


def _face(fontkey: str) -> _Face:
    """The face of ``fontkey``, parsed by fpdf2 once per process (about 0.4 s)."""
    with _faces_lock:
        if fontkey not in _faces:
            from fpdf import FPDF
            from fpdf.fonts import TTFFont

            style = fontkey.removeprefix(FONT.lower())
            source = font_files()[0 if style == "" else 1]
            pdf = FPDF()
            pdf.add_font(FONT, style=style, fname=str(source), collection_font_number=SC_FACE)
            metrics = pdf.fonts[fontkey]
            assert isinstance(metrics, TTFFont)
            metrics.close()
            metrics.ttfont = None  # its parsed tables go: a document reads an outline file
            metrics.cw = _Widths(metrics.cw, metrics.desc.missing_width)
            glyphs = frozenset(
                {".notdef"} | {metrics.cmap[c] for c in common_characters() if c in metrics.cmap}
            )
            for other in _faces.values():
                # the regular and bold faces map the characters to the same glyphs: one copy
                if other.metrics.cmap == metrics.cmap:
                    metrics.cmap, glyphs = other.metrics.cmap, other.common_glyphs
                if other.metrics.glyph_ids == metrics.glyph_ids:
                    metrics.glyph_ids = other.metrics.glyph_ids
            whole, common = outline_files(source, glyphs)
            _faces[fontkey] = _Face(metrics, whole, common, glyphs)
        return _faces[fontkey]


def add_face(pdf: FPDF, style: str) -> None:
    """What ``pdf.add_font`` of the face does, from the face parsed once: the metrics are
    shared (read only); what a document changes is its own (the glyphs it picks, the characters
    the font lacks). The outlines are read at output (``open_outlines``)."""
    from fpdf.fonts import SubsetMap, TTFFont

    metrics = _face(f"{FONT.lower()}{style}").metrics
    font = TTFFont.__new__(TTFFont)
    for name in TTFFont.__slots__:
        if hasattr(metrics, name):  # fpdf2 leaves some unset (unicode_range)
            setattr(font, name, getattr(metrics, name))
    font.i = len(pdf.fonts) + 1
    font.missing_glyphs = []
    font.biggest_size_pt = 0
    font.subset = SubsetMap(font)
    pdf.fonts[font.fontkey] = font
    if font.is_cff and font.is_cid_keyed:
        pdf._set_min_pdf_version("1.6")  # as add_font does for a CID-keyed CFF font


@cache
def _outlines_class() -> Any:
    """fontTools' font as fpdf2 subsets and embeds it, less the work whose result fpdf2 does not
    use for this face, a CID-keyed CFF font (the PDF is the same byte for byte:
    tests/statements/test_render.py)."""
    from fontTools.ttLib import TTFont

    class Outlines(TTFont):  # type: ignore[misc]
        def __init__(self, path: Path) -> None:
            super().__init__(path, recalcTimestamp=False, lazy=True)
            # The subsetter looks for the accent glyphs of ``seac`` character strings, running
            # the program of every glyph kept (30 % of a render): a CID-keyed font has none.
            self["CFF "].closure_glyphs = lambda subsetter: None

        def save(self, file: Any, reorderTables: bool | None = True) -> None:
            # fpdf2 writes the whole subset font, then embeds only its CFF table, compiled anew
            # (output.py ``_add_fonts``): the writing (a first compile with the bounding box of
            # every glyph, 20 % of a render) is skipped.
            if not getattr(self["CFF "].cff.topDictIndex[0], "ROS", None):
                super().save(file, reorderTables)

    return Outlines


def open_outlines(pdf: FPDF) -> None:
    """Give each face of the document, before output, the outlines its subset is cut from: the
    common characters' file when it has every glyph the document uses, else the whole face's.
    fpdf2 subsets them in place."""
    from fpdf.fonts import TTFFont

    for fontkey, font in pdf.fonts.items():
        assert isinstance(font, TTFFont)
        face = _faces[fontkey]
        used = set(font.subset.get_all_glyph_names())
        font.ttfont = _outlines_class()(
            face.common if used <= face.common_glyphs else face.outlines
        )


def close_outlines(pdf: FPDF) -> None:
    """Let go of each face's outlines once the document is written. fpdf2 and
    fontTools leave them in reference cycles, which would hold them (2.9 MB a face) until the
    garbage collector's next full pass, rare in a server process; every part of fontTools'
    parse of the CFF table reads the table's bytes through one file object: closing it frees
    them."""
    from fpdf.fonts import TTFFont

    for font in pdf.fonts.values():
        assert isinstance(font, TTFFont)
        outlines = getattr(font, "ttfont", None)
        if outlines is not None and outlines.isLoaded("CFF "):
            outlines["CFF "].cff.topDictIndex.file.close()
        font.ttfont = None


def amount(value: Decimal) -> str:
    """12345.6 → 12,345.60 (yuan to the cent, as everywhere: ``kit.money.amount_text``)."""
    return amount_text(value)


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

    pdf = _pdf_class()(format="A4")
    pdf.footer_text = doc.title
    pdf.set_creation_date(doc.created)
    pdf.set_title(doc.title)
    pdf.set_author("OpenTAMP")
    add_face(pdf, "")
    add_face(pdf, "B")
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
    open_outlines(pdf)
    try:
        return bytes(pdf.output())
    finally:
        close_outlines(pdf)
