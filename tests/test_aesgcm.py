"""AES-256-GCM through OpenSSL's libcrypto (edge_agent/store/aesgcm.py): the published test
vectors, byte-for-byte agreement with the `cryptography` package, and tamper detection."""

from __future__ import annotations

import os

import pytest

from edge_agent.store import aesgcm
from edge_agent.store.aesgcm import AESGCM, TagMismatch
from edge_agent.store.crypto import Sealer

# McGrew & Viega, "The Galois/Counter Mode of Operation", test cases 13 and 14 (AES-256)
ZERO_KEY, ZERO_IV = bytes(32), bytes(12)
CASE13_TAG = bytes.fromhex("530f8afbc74536b9a963b4f1c4cb738b")
CASE14 = (bytes(16), bytes.fromhex("cea7403d4d606b6e074ec5d3baf39d18"), bytes.fromhex("d0d1c8a799996bf0265b98b5d48ab919"))


def test_openssl_is_found_here():
    assert aesgcm.libcrypto() is not None


def test_published_vectors():
    box = AESGCM(ZERO_KEY)
    assert box.encrypt(ZERO_IV, b"", None) == CASE13_TAG
    plain, cipher, tag = CASE14
    assert box.encrypt(ZERO_IV, plain, None) == cipher + tag
    assert box.decrypt(ZERO_IV, cipher + tag, None) == plain


@pytest.mark.parametrize("size", [0, 1, 15, 16, 17, 4096, 100_003])
def test_same_bytes_as_the_cryptography_package(size):
    reference = pytest.importorskip("cryptography.hazmat.primitives.ciphers.aead")
    key, nonce, data = os.urandom(32), os.urandom(12), os.urandom(size)
    aad = os.urandom(7) if size % 2 else None
    ours = AESGCM(key).encrypt(nonce, data, aad)
    assert ours == reference.AESGCM(key).encrypt(nonce, data, aad)
    assert reference.AESGCM(key).decrypt(nonce, ours, aad) == data
    assert AESGCM(key).decrypt(nonce, ours, aad) == data


@pytest.mark.parametrize("change", ["byte", "tag", "key", "nonce", "short"])
def test_a_changed_blob_is_refused(change):
    key, nonce = os.urandom(32), os.urandom(12)
    blob = bytearray(AESGCM(key).encrypt(nonce, "订单号 20250115001".encode(), None))
    if change == "byte":
        blob[0] ^= 1
    elif change == "tag":
        blob[-1] ^= 0x80
    elif change == "key":
        key = os.urandom(32)
    elif change == "nonce":
        nonce = os.urandom(12)
    else:
        blob = blob[:10]
    with pytest.raises(TagMismatch):
        AESGCM(key).decrypt(nonce, bytes(blob), None)


def test_only_aes256_keys():
    with pytest.raises(ValueError, match="32-byte"):
        AESGCM(bytes(16))


def test_sealer_round_trip_and_nothing_readable(tmp_path):
    sealer = Sealer("encrypt", tmp_path)
    blob = sealer.seal("我叫王小明，订单号 #20250115001")
    assert "王小明".encode() not in blob and b"20250115001" not in blob
    assert Sealer("encrypt", tmp_path).open(blob) == "我叫王小明，订单号 #20250115001"
    other = tmp_path / "other"
    other.mkdir()
    with pytest.raises(TagMismatch):
        Sealer("encrypt", other).open(blob)     # another state dir, another key
