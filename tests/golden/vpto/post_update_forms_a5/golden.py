"""Post-update forms with an updated base result: vldsx2, vsldb, vldus, vstus, vstas, pldi,
psti, plds, psts, sprsti and sprsts. Each accesses its base and returns it advanced in its
units (elements, 32-byte blocks, alignment units of 16 bytes for US and PK, bytes, 4-byte
words); a later access at the result shows the step."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
from reference.tiles import save

CASE = {
    "arch": "a5",
    "args": ["in.bin", "dst.bin", "words.bin"],
    "outs": [{"target": "2", "expect": "dst.expect.bin", "dtype": "float32"},
             {"target": "3", "expect": "words.expect.bin", "dtype": "uint32"}],
}


def generate(out_dir):
    rng = np.random.default_rng(6021)
    x = rng.uniform(-50, 50, size=512).astype(np.float32)
    xb = x.view(np.uint8)
    dst = rng.uniform(-1, 1, size=512).astype(np.float32)
    words0 = rng.integers(0, 2**32, size=64, dtype=np.uint32)
    words = words0.copy()
    out = dst.copy()
    out[0:64] = x[0:128:2]            # vldsx2 DINTLV_B32 at the base: the even elements
    out[64:128] = x[128:192]          # vlds at its result, 128 elements on
    for b in range(8):                # vsldb: block b from the base + 2b blocks
        out[128 + 8 * b:136 + 8 * b] = x[16 * b:16 * b + 8]
    out[192:256] = x[64:128]          # vlds at its result, 8 blocks on
    out[256:320] = x[3:67]            # vldus from element 3, then from its result
    out[320:384] = x[67:131]
    out[385:390] = x[3:8]             # vstus 5 elements, then 7 at its result
    out[390:397] = x[128:135]
    out[400:408] = x[64:72]           # vsts at vstas's result, 3 elements past the flush
    out[464:480] = x[0:128:2][0:64:4]  # vstur of the squeezed lanes: AR = 64
    out[480:485] = x[1:10:2]           # then 5 more lanes at AR: AR = 84
    wb = words.view(np.uint8)
    wb[0:16] = xb[0:16]               # pldi US, psti PK: the same 16-byte image
    wb[32:64] = xb[32:64]             # plds at pldi's result (2 x 16), psts at psti's
    wb[64:96] = xb[256:288]           # plds through an f32 pointer: 32 bytes, not elements
    wb[96:128] = xb[288:320]
    words[48] = 64                    # sprsti at word 50 - 2
    words[50] = 64                    # post-update sprsti at 50: the result is word 53
    words[55] = 84                    # sprsts 8 bytes past 53
    words[53] = 84                    # post-update sprsts at 53: the result is word 54
    words[54] = 84
    save(out_dir, {"in": x, "dst": dst, "words": words0, "dst.expect": out,
                   "words.expect": words})


if __name__ == "__main__":
    generate(os.path.dirname(os.path.abspath(__file__)))
