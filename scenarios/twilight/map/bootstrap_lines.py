#!/usr/bin/env python3
"""One-time bootstrap of the waypoints of Twilight of the Ottomans' railways and rivers
(provenance, not run by the build or the tests). Real places (latitude, longitude) are put on the
reconstructed grid with the reference's fitted transform (`twilight-map-draft.md` section 1):
a station becomes the hex it falls in, a point of a river the hexside nearest to it. The output
was pasted into `features.ron` and corrected by hand; `sandtable mapgen` joins the waypoints.

    python3 bootstrap_lines.py
"""
import math

A, B, TX, TY = 0.01566898428, -0.003956791637, 30.87785684, 9.509603393


def to_grid(lat, lon):
    px, py = (lon - 40) * 111.2 * math.cos(math.radians(lat)), -(lat - 37) * 111.2
    return A * px - B * py + TX, B * px + A * py + TY


def centre(c, r):
    return 0.8660254 * c, r + (0.5 if c % 2 else 0.0)


def neighbours(c, r):
    odd = c % 2
    for dc, dr in ((0, -1), (0, 1), (-1, 0 if odd else -1), (-1, 1 if odd else 0), (1, 0 if odd else -1), (1, 1 if odd else 0)):
        yield c + dc, r + dr


def hex_of(lat, lon):
    x, y = to_grid(lat, lon)
    best = min(((c, r) for c in range(0, 60) for r in range(-3, 42)), key=lambda h: math.dist(centre(*h), (x, y)))
    return f'{best[0]:02d}{best[1]:02d}'


def side_of(lat, lon):
    x, y = to_grid(lat, lon)
    c0, r0 = int(round(x / 0.8660254)), int(round(y))
    best = None
    for c in range(c0 - 2, c0 + 3):
        for r in range(r0 - 2, r0 + 3):
            for n in neighbours(c, r):
                (ax, ay), (bx, by) = centre(c, r), centre(*n)
                d = math.dist(((ax + bx) / 2, (ay + by) / 2), (x, y))
                key = tuple(sorted([(c, r), n]))
                if best is None or d < best[0] - 1e-9:
                    best = (d, key)
    (a, b) = best[1]
    return f'{a[0]:02d}{a[1]:02d}/{b[0]:02d}{b[1]:02d}'


RAILWAYS = {
    'thrace': [(41.01, 28.98), (41.16, 27.80), (41.40, 27.36), (41.68, 26.56)],
    'anatolian': [(41.00, 29.02), (40.77, 29.92), (40.78, 30.40), (40.14, 29.98), (39.78, 30.52), (39.58, 32.14), (39.93, 32.86)],
    'konya': [(39.78, 30.52), (38.76, 30.54), (38.36, 31.42), (37.87, 32.48), (37.51, 34.05), (37.43, 34.87)],
    'smyrna_panderma': [(38.42, 27.14), (38.61, 27.43), (39.65, 27.88), (40.35, 27.97)],
    'smyrna_afyon': [(38.61, 27.43), (38.35, 28.52), (38.68, 29.40), (38.76, 30.54)],
    'smyrna_aydin': [(38.42, 27.14), (37.85, 27.85)],
    'adana_mersin': [(37.00, 35.32), (36.80, 34.63)],
    'aleppo_ras_al_ayn': [(36.20, 37.16), (36.82, 38.01), (36.70, 38.95), (36.85, 40.07)],
    'baghdad_samarra': [(33.31, 44.36), (34.20, 43.87)],
    'beirut_damascus': [(33.89, 35.50), (33.85, 36.00), (33.51, 36.29)],
    'rayak_aleppo': [(33.85, 36.00), (34.00, 36.20), (34.73, 36.72), (35.13, 36.75), (36.20, 37.16)],
    'jaffa_jerusalem': [(32.05, 34.75), (31.77, 35.21)],
    'hejaz': [(33.51, 36.29), (32.62, 36.10), (31.95, 35.93), (31.25, 36.05), (30.19, 35.73), (29.33, 36.00), (28.38, 36.57), (26.62, 37.92), (24.47, 39.61)],
    'haifa_branch': [(32.62, 36.10), (32.70, 35.58), (32.50, 35.50), (32.82, 34.99)],
    'batum': [(41.64, 41.64), (42.15, 42.34)],
    'tiflis_baku': [(41.69, 44.80), (40.68, 46.36), (40.62, 47.15), (40.37, 49.84)],
    'tiflis_kars': [(41.69, 44.80), (40.79, 43.85), (40.60, 43.10), (40.33, 42.57)],
    'julfa': [(40.79, 43.85), (40.18, 44.51), (39.21, 45.41), (38.95, 45.63)],
    'egypt_delta': [(31.20, 29.92), (31.03, 30.47), (30.79, 31.00), (30.47, 31.18), (30.04, 31.24)],
    'egypt_canal': [(30.04, 31.24), (30.59, 31.50), (30.60, 32.27), (31.26, 32.30)],
    'egypt_suez': [(30.60, 32.27), (29.97, 32.55)],
    'nile_valley': [(30.04, 31.24), (29.07, 31.10), (28.10, 30.75)],
}
RIVERS = {
    'tigris_upper': [(37.91, 40.24), (37.71, 41.41), (37.33, 42.19), (36.34, 43.13), (34.60, 43.68), (34.20, 43.87), (33.31, 44.36)],
    'tigris': [(33.31, 44.36), (32.50, 45.83), (31.84, 47.15), (31.00, 47.43)],
    'euphrates_upper': [(38.80, 38.75), (37.03, 37.98), (36.82, 38.01), (35.95, 39.01), (35.33, 40.14), (34.45, 40.92), (34.37, 41.99), (33.64, 42.83)],
    'euphrates': [(33.64, 42.83), (33.42, 43.30), (33.35, 43.78), (32.78, 44.29), (32.48, 44.42), (31.31, 45.28), (31.04, 46.26), (31.00, 47.43)],
    'shatt_al_arab': [(31.00, 47.43), (30.50, 47.81), (30.43, 48.18), (29.97, 48.47)],
    'karun': [(31.32, 48.67), (30.43, 48.18)],
    'nile': [(28.10, 30.75), (29.07, 31.10), (30.04, 31.24)],
    'nile_rosetta': [(30.04, 31.24), (30.70, 30.80), (31.40, 30.42)],
    'nile_damietta': [(30.04, 31.24), (30.80, 31.35), (31.42, 31.81)],
    'suez_canal': [(31.26, 32.30), (30.85, 32.32), (30.60, 32.27), (30.33, 32.38), (29.97, 32.55)],
}
for name, pts in RAILWAYS.items():
    hexes = []
    for p in pts:
        h = hex_of(*p)
        if not hexes or hexes[-1] != h:
            hexes.append(h)
    print(f'        (id: "{name}", via: [' + ', '.join(f'"{h}"' for h in hexes) + ']),')
for name, pts in RIVERS.items():
    sides = []
    for p in pts:
        s = side_of(*p)
        if not sides or sides[-1] != s:
            sides.append(s)
    print(f'        (id: "{name}", via: [' + ', '.join('("%s", "%s")' % tuple(s.split('/')) for s in sides) + ']),')
