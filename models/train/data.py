"""Reads a dataset written by `robot-agent dataset` (images/*.png + labels.jsonl) and builds
CenterNet training targets. Images are decoded once into a uint8 array cached next to the
dataset (cache.npy), so reruns start in seconds."""
import json
import math
import os

import numpy as np
from PIL import Image

from model import STRIDE


def load_dataset(root):
    with open(os.path.join(root, "labels.jsonl")) as f:
        lines = [json.loads(line) for line in f if line.strip()]
    cache = os.path.join(root, "cache.npy")
    if os.path.exists(cache):
        images = np.load(cache, mmap_mode="r")
        if images.shape[0] == len(lines):
            return np.asarray(images), lines
    first = lines[0]
    images = np.zeros((len(lines), first["height"], first["width"], 3), dtype=np.uint8)
    for i, line in enumerate(lines):
        images[i] = np.asarray(Image.open(os.path.join(root, line["file"])).convert("RGB"))
    np.save(cache, images)
    return images, lines


def load_datasets(roots):
    """Several datasets (different seeds) as one training set: frames concatenated, labels in the
    same order, the shared class list, and a record of which seeds and counts went in."""
    images, lines, parts, classes, renderer = [], [], [], None, None
    for root in roots:
        meta = json.load(open(os.path.join(root, "dataset.json")))
        if classes is not None and (meta["classes"] != classes or meta["rendererVersion"] != renderer):
            raise SystemExit(f"{root} has other classes or another renderer version than {roots[0]}")
        classes, renderer = meta["classes"], meta["rendererVersion"]
        imgs, ls = load_dataset(root)
        images.append(imgs)
        lines += ls
        parts.append({"seed": meta["seed"], "count": meta["count"]})
    joined = images[0] if len(images) == 1 else np.concatenate(images)
    return joined, lines, classes, {"parts": parts, "rendererVersion": renderer}


def dataset_parts(record):
    """The (seed, count) parts of a dataset record; records before load_datasets named one seed."""
    return record.get("parts") or [{"seed": record["seed"], "count": record["count"]}]


def boxes_array(line):
    """[n, 5] float32 rows x1, y1, x2, y2, classIndex."""
    b = line["boxes"]
    if not b:
        return np.zeros((0, 5), np.float32)
    return np.array([[x["x1"], x["y1"], x["x2"], x["y2"], x["clsIndex"]] for x in b], np.float32)


def gaussian_radius(h, w, min_overlap=0.7):
    """CenterNet's radius: the largest centre shift that keeps IoU >= min_overlap."""
    a1, b1, c1 = 1, h + w, w * h * (1 - min_overlap) / (1 + min_overlap)
    r1 = (b1 + math.sqrt(b1 ** 2 - 4 * a1 * c1)) / 2
    a2, b2, c2 = 4, 2 * (h + w), (1 - min_overlap) * w * h
    r2 = (b2 + math.sqrt(b2 ** 2 - 4 * a2 * c2)) / 2
    a3, b3, c3 = 4 * min_overlap, -2 * min_overlap * (h + w), (min_overlap - 1) * w * h
    r3 = (b3 + math.sqrt(b3 ** 2 - 4 * a3 * c3)) / 2
    return min(r1, r2, r3)


def draw_gaussian(heat, cx, cy, radius):
    d = 2 * radius + 1
    sigma = d / 6
    ys, xs = np.ogrid[-radius:radius + 1, -radius:radius + 1]
    g = np.exp(-(xs * xs + ys * ys) / (2 * sigma * sigma))
    h, w = heat.shape
    left, right = min(cx, radius), min(w - cx, radius + 1)
    top, bottom = min(cy, radius), min(h - cy, radius + 1)
    region = heat[cy - top:cy + bottom, cx - left:cx + right]
    patch = g[radius - top:radius + bottom, radius - left:radius + right]
    np.maximum(region, patch, out=region)


MAX_OBJECTS = 48


def make_targets(boxes, height, width, num_classes):
    """Heatmap [C, H/4, W/4], and per object: flat index, size (in stride units), offset, mask."""
    oh, ow = height // STRIDE, width // STRIDE
    heat = np.zeros((num_classes, oh, ow), np.float32)
    ind = np.zeros(MAX_OBJECTS, np.int64)
    wh = np.zeros((MAX_OBJECTS, 2), np.float32)
    off = np.zeros((MAX_OBJECTS, 2), np.float32)
    mask = np.zeros(MAX_OBJECTS, np.float32)
    for k, (x1, y1, x2, y2, c) in enumerate(boxes[:MAX_OBJECTS]):
        w, h = (x2 - x1) / STRIDE, (y2 - y1) / STRIDE
        cx, cy = (x1 + x2) / 2 / STRIDE, (y1 + y2) / 2 / STRIDE
        ix, iy = min(int(cx), ow - 1), min(int(cy), oh - 1)
        r = max(0, int(gaussian_radius(math.ceil(h), math.ceil(w))))
        draw_gaussian(heat[int(c)], ix, iy, r)
        ind[k] = iy * ow + ix
        wh[k] = (w, h)
        off[k] = (cx - ix, cy - iy)
        mask[k] = 1
    return heat, ind, wh, off, mask


def crop_boxes(boxes, x0, y0, cw, ch, min_keep=0.3):
    """Boxes inside a crop window, clipped; boxes mostly cut away are dropped."""
    if len(boxes) == 0:
        return boxes
    b = boxes.copy()
    area = (b[:, 2] - b[:, 0]) * (b[:, 3] - b[:, 1])
    b[:, [0, 2]] = np.clip(b[:, [0, 2]] - x0, 0, cw)
    b[:, [1, 3]] = np.clip(b[:, [1, 3]] - y0, 0, ch)
    w, h = b[:, 2] - b[:, 0], b[:, 3] - b[:, 1]
    keep = (w >= 2) & (h >= 2) & (w * h >= min_keep * area)
    return b[keep]
