"""At-rest protection of stored text: AES-256-GCM encryption, or masking of personal data.

encrypt (default): every message body and session state is sealed with AES-256-GCM under a
  key from ``EDGE_AGENT_STORE_KEY`` (base64 of 32 bytes) or the key file ``store.key`` in
  the state directory (created 0600 on first use). Nothing readable is left in the file.
mask: phone, ID-card and bank-card numbers are masked before they are written; the rest is
  plain text. A masked number does not come back after a restart.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path
from typing import Literal

from edge_agent.errors import ConfigError
from edge_agent.store import aesgcm
from edge_agent.pii import mask

AtRest = Literal["encrypt", "mask"]
NONCE = 12


def load_key(state_dir: Path) -> bytes:
    env = os.environ.get("EDGE_AGENT_STORE_KEY")
    if env:
        key = base64.b64decode(env)
        if len(key) != 32:
            raise ConfigError("EDGE_AGENT_STORE_KEY must be base64 of 32 bytes", key="EDGE_AGENT_STORE_KEY")
        return key
    path = state_dir / "store.key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(os.urandom(32))
    key = path.read_bytes()
    if len(key) != 32:
        raise ConfigError(f"{path} must hold exactly 32 bytes", key="store.key")
    return key


class Sealer:
    """Turns text into what is stored, and back."""

    def __init__(self, mode: AtRest, state_dir: Path) -> None:
        if mode not in ("encrypt", "mask"):
            raise ConfigError(f"at_rest must be 'encrypt' or 'mask', got {mode!r}", key="at_rest")
        self.mode = mode
        self._aead = None
        if mode == "encrypt":
            key = load_key(state_dir)
            try:
                self._aead = aesgcm.load(key)
            except OSError as exc:   # no libcrypto and no cryptography package
                raise ConfigError(str(exc), key="at_rest") from exc

    def seal(self, text: str, *, personal: bool = True) -> bytes:
        if self._aead is not None:
            nonce = os.urandom(NONCE)
            return nonce + self._aead.encrypt(nonce, text.encode("utf-8"), None)
        return (mask(text) if personal else text).encode("utf-8")

    def open(self, blob: bytes) -> str:
        if self._aead is not None:
            return self._aead.decrypt(blob[:NONCE], blob[NONCE:], None).decode("utf-8")
        return blob.decode("utf-8")


class LazySealer:
    """A ``Sealer`` made at its first use: a tool registry is built (``edge-agent tools``, the
    daemon before its store opens) where the state directory, and so the key, may not exist yet."""

    def __init__(self, mode: AtRest, state_dir: Path) -> None:
        if mode not in ("encrypt", "mask"):
            raise ConfigError(f"at_rest must be 'encrypt' or 'mask', got {mode!r}", key="at_rest")
        self.mode, self._state_dir, self._sealer = mode, state_dir, None

    def _get(self) -> Sealer:
        if self._sealer is None:
            self._sealer = Sealer(self.mode, self._state_dir)
        return self._sealer

    def seal(self, text: str, *, personal: bool = True) -> bytes:
        return self._get().seal(text, personal=personal)

    def open(self, blob: bytes) -> str:
        return self._get().open(blob)
