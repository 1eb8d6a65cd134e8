"""Uploads (docs/api.md#transport image upload, docs/api.md#messages-and-codes ID photo codes):
files go to the object store and are read back through signed URLs valid one hour; certificate
photos are checked side by side (5012 人像面, 5011 国徽面, 5013 both), whether sent together
(设置 › 证件照片) or uploaded one by one for the account-opening form."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from opentamp.accounts.errors import (
    IdPhotoBothUnreadable,
    IdPhotoEmblemUnreadable,
    IdPhotoFaceUnreadable,
    UploadInvalid,
    UploadNotFound,
)
from opentamp.config import get_settings
from opentamp.core import caller, signing
from opentamp.errors import NotFound
from opentamp.kit.clock import now
from opentamp.models.auth import BrokerUser
from opentamp.models.onboarding import StoredObject
from opentamp.outside.oss import ImageInfo, image_info, object_store

MAX_BYTES = 5 * 1024 * 1024
URL_TTL_SECONDS = 3600
SCENES = ("idFront", "idBack", "changeCard", "antiMoney", "other")


def signed_url(session: Session, key: str) -> str:
    expires = int(now().timestamp()) + URL_TTL_SECONDS
    sign = signing.sign(session, f"oss:{key}:{expires}")
    return f"{get_settings().api_prefix}/noauth/oss/object?key={key}&expires={expires}&sign={sign}"


def read_signed(session: Session, *, key: str, expires: int, sign: str) -> tuple[bytes, str]:
    if expires < now().timestamp() or not signing.verify(session, f"oss:{key}:{expires}", sign):
        raise NotFound("链接已失效")
    row = session.scalar(select(StoredObject).where(StoredObject.key == key))
    data = object_store().get(key=key) if row else None
    if row is None or data is None:
        raise NotFound("文件不存在")
    return data, row.content_type


def _checked_image(data: bytes) -> ImageInfo:
    if not data:
        raise UploadInvalid(detail="请选择要上传的图片")
    if len(data) > MAX_BYTES:
        raise UploadInvalid(detail="图片不能超过5MB，请压缩后重新上传")
    info = image_info(data)
    if info is None:
        raise UploadInvalid(detail="仅支持 JPG、PNG 格式的图片")
    return info


def store(
    session: Session, *, user: BrokerUser, data: bytes, scene: str
) -> tuple[StoredObject, str]:
    if scene not in SCENES:
        raise UploadInvalid(detail="上传场景有误")
    info = _checked_image(data)
    ext = "png" if info.content_type == "image/png" else "jpg"
    key = f"u{user.id}/{scene}/{now():%Y%m%d}-{secrets.token_hex(8)}.{ext}"
    object_store().put(key=key, data=data)
    row = StoredObject(
        broker_user_id=user.id,
        key=key,
        scene=scene,
        content_type=info.content_type,
        size=len(data),
        width=info.width,
        height=info.height,
    )
    session.add(row)
    session.flush()
    return row, signed_url(session, key)


def own_upload_keys(session: Session, *, user: BrokerUser, keys: Sequence[str]) -> list[str]:
    """``keys`` when each is the key of one of the caller's own uploads (a ``stored_object``
    row of theirs, as :func:`store` made it), else 404 ``UploadNotFound``: another user's
    picture, a key never issued, a path (``../../etc/passwd``) are all refused alike. For a
    request that names pictures it uploaded before (the card change's photos)."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return []
    found = set(
        session.scalars(
            select(StoredObject.key).where(
                StoredObject.broker_user_id == user.id, StoredObject.key.in_(wanted)
            )
        )
    )
    if len(found) != len(wanted):
        raise UploadNotFound()
    return wanted


def _check_id_sides(front: ImageInfo, back: ImageInfo) -> None:
    """The photo checks of both sides: 5012 人像面, 5011 国徽面, 5013 neither readable."""
    store_ = object_store()
    face_ok = store_.readable_id_side(info=front, side="face")
    emblem_ok = store_.readable_id_side(info=back, side="emblem")
    if not face_ok and not emblem_ok:
        raise IdPhotoBothUnreadable()
    if not face_ok:
        raise IdPhotoFaceUnreadable()
    if not emblem_ok:
        raise IdPhotoEmblemUnreadable()


def upload_id_photos(
    session: Session, *, user: BrokerUser, front: bytes, back: bytes
) -> tuple[str, str]:
    """Both sides of the identity document (反洗钱信息/证件照片): each must be readable."""
    account = caller.require_account(session, user, allow_institution=True)
    _check_id_sides(_checked_image(front), _checked_image(back))
    front_row, front_url = store(session, user=user, data=front, scene="idFront")
    back_row, back_url = store(session, user=user, data=back, scene="idBack")
    account.id_photo_front, account.id_photo_back = front_row.key, back_row.key
    session.flush()
    return front_url, back_url


def checked_id_photo_keys(
    session: Session, *, user: BrokerUser, front_key: str, back_key: str
) -> tuple[str, str]:
    """The two sides named by the account-opening form: the caller's own uploads of the scenes
    idFront and idBack (else 404 ``UploadNotFound``), each passing the photo checks of
    :func:`upload_id_photos`."""
    rows = {
        row.key: row
        for row in session.scalars(
            select(StoredObject).where(
                StoredObject.broker_user_id == user.id,
                StoredObject.key.in_([front_key, back_key]),
            )
        )
    }
    front, back = rows.get(front_key), rows.get(back_key)
    if front is None or back is None or front.scene != "idFront" or back.scene != "idBack":
        raise UploadNotFound()
    _check_id_sides(
        ImageInfo(front.content_type, front.width, front.height),
        ImageInfo(back.content_type, back.width, back.height),
    )
    return front.key, back.key
