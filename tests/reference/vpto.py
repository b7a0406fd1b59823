"""Numpy models of register-layer (VPTO, a5) micro-instructions that several goldens share."""


def vcadd_tree_f32(v):
    """pto.vcadd of each row of v (rows of a register's f32 lanes, a power of two): a tree of
    halves, each add rounded to f32. Returns each row's sum."""
    v = v.copy()
    w = v.shape[1] // 2
    while w >= 1:
        v[:, :w] = v[:, :w] + v[:, w:2 * w]
        w //= 2
    return v[:, 0]
