#!/usr/bin/env python3
"""One-time bootstrap of the Twilight of the Ottomans map layers (provenance, not run by the
build or the tests: after it, `terrain.txt` and `regions.txt` are the truth and are edited by
hand).

Input: the land/sea draft of the reconstructed grid (`twilight-map-draft.csv`: every hex of the
odd-q grid, columns 01-56, rows 00-38, with the latitude and longitude of its centre and its
land fraction). Output: first drafts of `terrain.txt` and `regions.txt`, painted from the
terrain sketch of the reference (section 5.3) with rough 1914 borders drawn as piecewise lines
of latitude and longitude below.

    python3 bootstrap.py path/to/twilight-map-draft.csv          # terrain.txt, regions.txt
    python3 bootstrap.py path/to/twilight-map-draft.csv zones    # zones.txt, from terrain.txt
"""
import csv
import sys

COLS, ROWS = 56, 39


def interp(table, x):
    """Piecewise linear y(x) through (x, y) points sorted by x, flat outside them."""
    if x <= table[0][0]:
        return table[0][1]
    for (x0, y0), (x1, y1) in zip(table, table[1:]):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return table[-1][1]


# Longitude of the Ottoman-Persian border by latitude (Ararat to the Shatt al-Arab).
PERSIA_WEST = [(29.5, 48.6), (30.4, 48.05), (31.0, 47.7), (31.8, 47.55), (32.6, 46.9), (33.5, 46.1),
               (34.5, 45.6), (35.5, 45.9), (36.6, 45.2), (37.1, 44.8), (38.2, 44.45), (39.4, 44.35), (39.7, 44.3)]
# Latitude of the Russian border by longitude (Black Sea to Ararat, then the Aras to the Caspian).
RUSSIA_SOUTH = [(41.4, 41.5), (41.9, 41.15), (42.1, 40.55), (42.6, 40.3), (43.2, 40.1), (44.3, 39.7),
                (45.6, 38.95), (46.5, 39.2), (47.0, 39.6), (47.8, 39.7), (48.9, 38.4)]
# Longitude of the Egyptian border by latitude (Rafah to Taba).
EGYPT_EAST = [(29.5, 34.9), (31.3, 34.22)]
# Longitude of the line between the Hejaz and central Arabia by latitude.
HEJAZ_EAST = [(20.0, 42.0), (23.0, 41.0), (26.0, 40.3), (29.0, 38.0)]


def region(lat, lon):
    """The region of a hex centre (one letter), by rough 1914 borders."""
    if lon < 25.0 and lat < 34.0:
        return 'X'  # Italian Libya: off-limits
    if lat > 40.0 and lon < 29.3:
        # Europe: Ottoman Thrace east of the Maritsa and south of the 1913 line; Bulgaria;
        # the other Balkan states.
        thrace = lon > 26.1 and lat < interp([(26.6, 41.7), (28.0, 42.0)], lon) and lat > 40.0
        if thrace or (lat < 41.0 and lon > 26.1):
            return 'A'
        if 22.4 < lon and 40.85 < lat < 44.2 and (lon > 24.0 or lat > 41.2):
            return 'B'
        return 'X'
    if lat > 34.0 and (lon < 25.9 or lat < 39.0 and lon < 27.0):
        return 'X'  # Greece, its islands and Crete (Imbros and Tenedos stay Ottoman)
    if 34.4 < lat < 35.8 and 32.2 < lon < 34.7:
        return 'C'
    if 35.8 < lat < 36.6 and 27.6 < lon < 28.4:
        return 'A'  # Rhodes counts as Anatolia
    if lat > interp(RUSSIA_SOUTH, lon) and lon > 40.5:
        return 'R'
    if lat > 44.0:
        return 'R' if lon > 28.5 else 'X'
    if lat < 39.8 and lon > interp(PERSIA_WEST, lat) and lat > 29.4:
        return 'P'
    if lon > 48.5 and lat < 29.4:
        return 'P' if lat > 28.0 and lon > 50.0 else 'N'
    if 28.5 < lat < 30.1 and 46.5 < lon < 48.5:
        return 'K'
    if lat < 31.6 and lon < interp(EGYPT_EAST, lat) and lon < 34.9:
        return 'E'
    if lat < 29.0:
        return 'H' if lon < interp(HEJAZ_EAST, lat) else 'N'
    if lat < 30.0 and lon > 40.0:
        return 'N'
    if lat < 37.3 and lon > 40.0 and (lon > 41.5 or lat < 36.8):
        return 'M'
    if lat < 37.0 and lon > 34.2:
        return 'S'
    if lon > 38.5 and not (lat > 40.7 and lon < 41.5):
        return 'R' if lat > interp(RUSSIA_SOUTH, lon) else 'M' if lat < 37.3 else 'V'
    return 'A'


def terrain(lat, lon, reg):
    """The terrain of a land hex (one symbol), from the reference's sketch."""
    if reg in 'BX':
        return '#'
    # Marsh: the lower Tigris and Euphrates.
    if 30.6 < lat < 32.0 and 45.9 < lon < 47.8:
        return 'm'
    # Lava (harrat): around Medina and Khaybar, and the Hauran south of Damascus.
    if 23.3 < lat < 26.8 and 38.9 < lon < 40.9:
        return '*'
    if 32.0 < lat < 33.2 and 36.3 < lon < 37.6:
        return '*'
    # Clear: the Nile valley and delta, Thrace and the Aegean and Marmara lowlands, the Syrian
    # coast and the Orontes, the Mesopotamian corridor and the Jazira, Georgia and the Kura plain,
    # Khuzestan, the Caspian shore of Persia, Cyprus.
    if reg == 'E':
        if lat > 30.0 and 29.8 < lon < 32.4:
            return '.'
        if 30.8 < lon < 31.6:
            return '.'
        return ':'
    if reg == 'A' and (lat > 40.3 and lon < 29.5 or lon < 28.2 and lat > 37.5):
        return '.'
    if reg == 'C':
        return '.'
    if reg == 'S':
        if lon < interp([(31.2, 34.9), (33.0, 35.3), (35.0, 35.9), (36.6, 36.4)], lat) or 35.0 < lat < 36.6 and lon < 37.3:
            return '.'
        if lat < 33.3 and lon < 35.5:
            return '^'  # the Judean and Samarian hills
        if lat > 36.0:
            return '.' if lon > 37.0 else '^'
        return ':'
    if reg == 'M':
        if lat > 36.6 and lon > 42.6 or lat > 35.3 and lon > 44.2:
            return '^'  # Kurdistan
        if lat < 32.2 and lon < interp([(29.5, 45.0), (31.0, 45.5), (32.2, 44.0)], lat):
            return ':'
        if lon < 42.5 and lat < 34.5:
            return ':'  # the desert west of the Euphrates
        return '.'
    if reg == 'R':
        if 41.3 < lat and 42.0 < lon < 46.5 or 39.4 < lat < 41.0 and lon > 46.8:
            return '.'
        return '^'
    if reg == 'P':
        if 30.2 < lat < 32.6 and lon < 49.6:
            return '.'  # Khuzestan
        if lat > 36.8 and lon > 48.8:
            return '.'  # the Caspian shore
        if lon > 50.5 and lat < 35.3:
            return ':'
        if 35.3 < lat < 36.4 and lon > 49.3:
            return '.'  # the plain of Kazvin and Teheran
        return '^'
    if reg in 'KN':
        return ':'
    if reg == 'H':
        return ':'
    return '^'


# Hand corrections of the first paint, by hex: (terrain, region). Adrianople is the Ottoman city
# on the Bulgarian border; Abadan is Persian; the Levant's cities and Alexandria lie in clear
# coastal or oasis country that the broad desert sketch painted over.
FIXES = {'1305': ('.', 'A'), '5318': ('.', 'P'), '3017': ('.', 'S'), '3116': ('.', 'S'),
         '3118': ('.', 'S'), '2123': ('.', 'E')}


def main():
    rows = [[' '] * COLS for _ in range(ROWS)]
    regs = [[' '] * COLS for _ in range(ROWS)]
    # City hexes that must be land whatever their sea share (5.3 table; the draft's notes).
    force_land = {'1705', '1714', '5104'}
    with open(sys.argv[1]) as f:
        for r in csv.DictReader(f):
            c, w = int(r['col']) - 1, int(r['row'])
            lat, lon, cls = float(r['lat']), float(r['lon']), r['class']
            if cls == 'outside':
                continue
            reg = region(lat, lon)
            if cls == 'sea' and r['hex'] not in force_land:
                rows[w][c], regs[w][c] = '~', ' '
                continue
            rows[w][c], regs[w][c] = FIXES.get(r['hex'], (terrain(lat, lon, reg), reg))
    head = ['   ' + ''.join(str(c // 10) for c in range(1, COLS + 1)) + '\n',
            '   ' + ''.join(str(c % 10) for c in range(1, COLS + 1)) + '\n']
    for name, grid in (('terrain.txt', rows), ('regions.txt', regs)):
        with open(name, 'w') as f:
            f.writelines(head + [f'{w:02d} ' + ''.join(x).rstrip() + '\n' for w, x in enumerate(grid)])


if len(sys.argv) == 2:
    main()


# Sea zones (run after the terrain, reading the sea hexes of `terrain.txt` and the draft's
# positions): the Black Sea, the Sea of Marmara, the Aegean and Mediterranean, the Red Sea with
# its gulfs, the Persian Gulf and the Caspian, by latitude and longitude.
def zone(lat, lon):
    if lon > 46.5 and lat > 36.4:
        return 'C'
    if lat > 40.95 and 27.4 < lon < 42.0:
        return 'B'
    if 40.2 < lat < 41.1 and 26.65 < lon < 29.95:
        return 'M'
    if lon > 47.5 and lat < 30.5:
        return 'G'
    if lat < 30.0 and 32.2 < lon < 45.0:
        return 'R'
    return 'A'


def zones(csv_path):
    sea = set()
    for l in open('terrain.txt'):
        if l[:1].isdigit():
            r = int(l[:2])
            sea |= {(c + 1, r) for c, ch in enumerate(l[3:].rstrip('\n')) if ch == '~'}
    grid = [[' '] * COLS for _ in range(ROWS)]
    with open(csv_path) as f:
        for r in csv.DictReader(f):
            c, w = int(r['col']), int(r['row'])
            if (c, w) in sea:
                grid[w][c - 1] = zone(float(r['lat']), float(r['lon']))
    head = ['   ' + ''.join(str(c // 10) for c in range(1, COLS + 1)) + '\n',
            '   ' + ''.join(str(c % 10) for c in range(1, COLS + 1)) + '\n']
    with open('zones.txt', 'w') as f:
        f.writelines(head + [f'{w:02d} ' + ''.join(x).rstrip() + '\n' for w, x in enumerate(grid)])


if len(sys.argv) > 2 and sys.argv[2] == 'zones':
    zones(sys.argv[1])
