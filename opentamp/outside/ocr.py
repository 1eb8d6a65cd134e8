"""Reading text from a picture (docs/transfers.md#screenshots): Debian's ``tesseract-ocr`` with
its simplified-Chinese model (``tesseract-ocr-chi-sim``), run on this machine through
``pytesseract``. No picture ever leaves the server."""

from __future__ import annotations

import io
import shutil

#: Screens of phones are at most a few thousand pixels tall; bigger pictures are scaled down
#: before reading so that one upload cannot hold a worker for long.
MAX_SIDE = 4000
LANGUAGES = "chi_sim+eng"


class OcrUnavailableError(RuntimeError):
    """The engine or its Chinese model is not installed."""


class UnreadableImageError(ValueError):
    """The bytes are not a picture Pillow can open."""


def available() -> bool:
    return shutil.which("tesseract") is not None


def read_text(data: bytes) -> str:
    """The text of a PNG or JPEG, line by line as the engine reads it (page segmentation 6: one
    block of text, which keeps each row of a holdings table on one line)."""
    # Imported on first use, as pytesseract: only a transfer-in screenshot needs Pillow
    # (docs/scale.md#memory).
    import pytesseract
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        opened = Image.open(io.BytesIO(data))
        opened.load()
    except (UnidentifiedImageError, OSError) as exc:
        raise UnreadableImageError(str(exc)) from exc
    image: Image.Image = ImageOps.exif_transpose(opened).convert("L")
    if max(image.size) > MAX_SIDE:
        image.thumbnail((MAX_SIDE, MAX_SIDE))
    # Small screenshots read better enlarged.
    if max(image.size) < 1000:
        image = image.resize((image.width * 2, image.height * 2))
    if not available():
        raise OcrUnavailableError("tesseract is not installed")
    try:
        return str(pytesseract.image_to_string(image, lang=LANGUAGES, config="--psm 6"))
    except pytesseract.TesseractError as exc:
        raise OcrUnavailableError(str(exc)) from exc
