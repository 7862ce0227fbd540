"""Valid PNGs of a few kilobytes that declare a huge size: what a hostile or careless step
can write (a 20,000 × 20,000 picture of one colour compresses to about 60 kB)."""

from __future__ import annotations

import struct
import zlib
from functools import cache

SIZES = [(8_000, 8_000), (10_000, 10_000), (20_000, 20_000)]
"""Past `analyst.pictures.MAX_PIXELS`; past PIL's warning (about 89 million pixels); past its
`DecompressionBombError` (about 179 million)."""


@cache  # the largest takes a second to make
def huge_png(width: int, height: int) -> bytes:
    """A one-bit grey PNG of `width` × `height` white pixels, every row complete."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    row = b"\0" + b"\xff" * ((width + 7) // 8)  # filter "none", then the row's bits
    packer = zlib.compressobj(9)
    rows = b"".join(packer.compress(row * 100) for _ in range(height // 100))
    rows += packer.compress(row * (height % 100)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows)
            + chunk(b"IEND", b""))
