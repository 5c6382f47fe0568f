"""AES-256-GCM from the OpenSSL the interpreter already has, through ctypes.

Python's ``ssl`` module (which aiohttp imports) maps the system's libcrypto into every
daemon; sealing with it through its EVP interface costs no extra package and no extra RAM,
where the ``cryptography`` wheel cost 8.5 MiB of RSS and 15 MB installed (bench/RESULTS.md
section 19). The EVP calls used here are the same in OpenSSL 1.1 (Debian 11) and 3.x.

The blob layout is the standard one, byte for byte what ``cryptography``'s AESGCM makes:
``ciphertext || 16-byte tag``; a wrong key, nonce or a changed byte is ``TagMismatch``.
Where no libcrypto can be found (an interpreter built without ssl), ``cryptography`` is
used when installed, else ``load()`` says what to install.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import threading

TAG = 16
_GCM_SET_IVLEN, _GCM_GET_TAG, _GCM_SET_TAG = 0x9, 0x10, 0x11   # EVP_CTRL_GCM_* (openssl/evp.h)
_lock = threading.Lock()
_lib: ctypes.CDLL | None = None


class TagMismatch(ValueError):
    """The blob was not sealed with this key and nonce, or was changed since."""


def _mapped_libcrypto() -> str | None:
    """The libcrypto file the ssl module linked in, from /proc/self/maps (Linux)."""
    try:
        import _ssl  # noqa: F401  (maps libcrypto when ssl links it dynamically)

        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1]
                if "/libcrypto" in path:
                    return path
    except (ImportError, OSError):
        pass
    return None


def _bind(lib: ctypes.CDLL) -> ctypes.CDLL:
    vp, ip, i = ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.c_int
    lib.EVP_CIPHER_CTX_new.restype = vp
    lib.EVP_CIPHER_CTX_free.argtypes = [vp]
    lib.EVP_aes_256_gcm.restype = vp
    for name in ("EVP_EncryptInit_ex", "EVP_DecryptInit_ex"):
        getattr(lib, name).argtypes = [vp, vp, vp, ctypes.c_char_p, ctypes.c_char_p]
    for name in ("EVP_EncryptUpdate", "EVP_DecryptUpdate"):
        getattr(lib, name).argtypes = [vp, ctypes.c_void_p, ip, ctypes.c_char_p, i]
    for name in ("EVP_EncryptFinal_ex", "EVP_DecryptFinal_ex"):
        getattr(lib, name).argtypes = [vp, ctypes.c_void_p, ip]
    lib.EVP_CIPHER_CTX_ctrl.argtypes = [vp, i, i, ctypes.c_void_p]
    return lib


def libcrypto() -> ctypes.CDLL | None:
    """OpenSSL's libcrypto with the EVP calls typed, or None where there is none."""
    global _lib
    with _lock:
        if _lib is None:
            for path in (_mapped_libcrypto(), ctypes.util.find_library("crypto")):
                if not path:
                    continue
                try:
                    lib = ctypes.CDLL(path)
                except OSError:
                    continue
                if hasattr(lib, "EVP_aes_256_gcm"):
                    _lib = _bind(lib)
                    break
        return _lib


class AESGCM:
    """``encrypt(nonce, data, aad) -> ciphertext || tag`` and its inverse, AES-256 only."""

    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise ValueError("AES-256-GCM needs a 32-byte key")
        lib = libcrypto()
        if lib is None:
            raise OSError("no OpenSSL libcrypto found")
        self._key, self._lib = bytes(key), lib

    def encrypt(self, nonce: bytes, data: bytes, aad: bytes | None) -> bytes:
        out, tag = self._run(True, nonce, data, aad, None)
        return out + tag

    def decrypt(self, nonce: bytes, blob: bytes, aad: bytes | None) -> bytes:
        if len(blob) < TAG:
            raise TagMismatch("the sealed blob is shorter than its tag")
        out, _ = self._run(False, nonce, blob[:-TAG], aad, blob[-TAG:])
        return out

    def _run(self, seal: bool, nonce: bytes, data: bytes, aad: bytes | None, tag: bytes | None) -> tuple[bytes, bytes]:
        lib, kind = self._lib, "Encrypt" if seal else "Decrypt"
        ctx = lib.EVP_CIPHER_CTX_new()
        if not ctx:
            raise MemoryError("EVP_CIPHER_CTX_new")
        try:
            init, update = getattr(lib, f"EVP_{kind}Init_ex"), getattr(lib, f"EVP_{kind}Update")
            n, buf = ctypes.c_int(0), ctypes.create_string_buffer(len(data) + TAG)
            ok = (init(ctx, lib.EVP_aes_256_gcm(), None, None, None)
                  and lib.EVP_CIPHER_CTX_ctrl(ctx, _GCM_SET_IVLEN, len(nonce), None)
                  and init(ctx, None, None, self._key, bytes(nonce))
                  and (not aad or update(ctx, None, ctypes.byref(n), aad, len(aad)))
                  and update(ctx, buf, ctypes.byref(n), bytes(data), len(data)))
            if not ok:
                raise OSError(f"OpenSSL EVP_{kind} failed")
            size = n.value
            if tag is not None and not lib.EVP_CIPHER_CTX_ctrl(ctx, _GCM_SET_TAG, TAG, ctypes.c_char_p(bytes(tag))):
                raise OSError("OpenSSL refused the GCM tag")
            rest = ctypes.create_string_buffer(TAG)
            if not getattr(lib, f"EVP_{kind}Final_ex")(ctx, rest, ctypes.byref(n)):
                raise TagMismatch("the sealed blob does not match its key, nonce and tag")
            out = buf.raw[:size] + rest.raw[:n.value]
            made = ctypes.create_string_buffer(TAG)
            if seal and not lib.EVP_CIPHER_CTX_ctrl(ctx, _GCM_GET_TAG, TAG, made):
                raise OSError("OpenSSL gave no GCM tag")
            return out, made.raw if seal else b""
        finally:
            lib.EVP_CIPHER_CTX_free(ctx)


def load(key: bytes):
    """AES-256-GCM under ``key``: OpenSSL's through ctypes, else the ``cryptography`` package."""
    try:
        return AESGCM(key)
    except OSError as exc:
        try:
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM as Fallback
        except ImportError:
            raise OSError(f"at_rest = 'encrypt' needs OpenSSL's libcrypto ({exc}) or the "
                          "'cryptography' package; install one, or set at_rest = 'mask'") from exc
        return Fallback(key)
