"""The PDF rendering's fonts (docs/statements.md#the-fonts-cost): each face parsed once per
process, a document's subset cut from the outline files in the cache directory, and the PDF the
same, byte for byte, as fpdf2's own ``add_font`` of the collection makes it."""

from __future__ import annotations

import gc
import io
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from typing import Any

import pytest
from fpdf import FPDF
from fpdf.fonts import TTFFont

from opentamp.config import get_settings
from opentamp.statements import render as rendering
from opentamp.statements.render import FONT, SC_FACE, Document, Table, font_files, render
from tests.statements.test_documents import pdf_text


def document(holder: str = "张三", fund: str = "易方达蓝筹精选混合") -> Document:
    return Document(
        title="资产证明",
        subtitle="证明日期 2026-10-31",
        facts=[
            ("持有人", holder),
            ("资产合计", "123,456.78 元"),
            ("核验码", "1A2B-3C4D-5E6F-7081"),
        ],
        tables=[
            Table(
                title="持仓明细",
                header=["基金代码", "基金名称", "市值（元）"],
                rows=[["000001", fund, "10,000.00"], ["110022", "南方天天利货币B", "2,000.50"]],
                empty="无",
                widths=[20, 50, 30],
            )
        ],
        footer=["兹证明上述持有人于证明日期在本平台持有的资产如上所列。"],
        created=datetime(2026, 11, 1, 9, 0),
    )


def fpdf2s_own(doc: Document, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The document as fpdf2 makes it from the font collection itself (the code before the
    faces were shared)."""
    regular, bold = font_files()

    def add_font(pdf: FPDF, style: str) -> None:
        source = regular if style == "" else bold
        pdf.add_font(FONT, style=style, fname=str(source), collection_font_number=SC_FACE)

    with monkeypatch.context() as m:
        m.setattr(rendering, "add_face", add_font)
        m.setattr(rendering, "open_outlines", lambda pdf: None)
        m.setattr(rendering, "close_outlines", lambda pdf: None)
        return render(doc)


def test_the_pdf_is_fpdf2s_own(monkeypatch: pytest.MonkeyPatch) -> None:
    # common characters only (the smaller outline file), and a name outside GB 2312 (the whole
    # face's): the same bytes as fpdf2's add_font of the collection either way
    for doc in (document(), document(holder="王堃", fund="华夏喆盛混合")):
        pdf = render(doc)
        assert pdf == fpdf2s_own(doc, monkeypatch)
        text = pdf_text(pdf)
        assert doc.facts[0][1] in text and doc.tables[0].rows[0][1] in text


def test_the_faces_are_parsed_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    render(document())
    parsed: list[str] = []
    init = TTFFont.__init__

    def counted(self: TTFFont, *args: Any, **kwargs: Any) -> None:
        parsed.append(str(args[1]))
        init(self, *args, **kwargs)

    monkeypatch.setattr(TTFFont, "__init__", counted)
    render(document(holder="李四"))
    assert parsed == []


def test_outline_files_in_the_cache_directory() -> None:
    render(document())
    files = sorted((get_settings().var_dir / "cache" / "fonts").glob("NotoSansCJK-*.otf"))
    sizes = {f.name: f.stat().st_size for f in files}
    for source in font_files():
        whole = [n for n in sizes if n.startswith(f"{source.stem}-{SC_FACE}-")]
        common = [n for n in whole if n.endswith("-common.otf")]
        assert len(common) == 1 and len(whole) == 2
        # the common characters' outlines are a fraction of the face's
        assert sizes[common[0]] * 4 < max(sizes[n] for n in whole)


def test_concurrent_renders_are_those_made_one_by_one() -> None:
    names = [("张三", "甲基金"), ("王堃", "乙基金"), ("李四", "丙基金"), ("赵六", "丁基金")]
    docs = [document(holder=holder, fund=fund) for holder, fund in names]
    alone = [render(d) for d in docs]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(render, docs * 2))
    assert together == alone * 2


def test_a_render_leaves_no_font_data_to_the_garbage_collector() -> None:
    render(document())
    gc.collect()
    gc.disable()
    try:
        render(document(holder="李四"))
        held = [
            o
            for o in gc.get_objects()
            if isinstance(o, io.BytesIO) and not o.closed and len(o.getbuffer()) > 1_000_000
        ]
    finally:
        gc.enable()
    assert held == []
