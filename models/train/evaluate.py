"""mAP@0.5 (VOC all-point interpolation, mean over classes present) and precision/recall at a
score threshold, from per-image detections [x1, y1, x2, y2, score, cls] and ground truth."""
import numpy as np


def iou(box, boxes):
    ix1 = np.maximum(box[0], boxes[:, 0])
    iy1 = np.maximum(box[1], boxes[:, 1])
    ix2 = np.minimum(box[2], boxes[:, 2])
    iy2 = np.minimum(box[3], boxes[:, 3])
    inter = np.clip(ix2 - ix1, 0, None) * np.clip(iy2 - iy1, 0, None)
    a = (box[2] - box[0]) * (box[3] - box[1])
    b = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    return inter / np.maximum(a + b - inter, 1e-9)


def match(dets, gts, iou_threshold=0.5):
    """Greedy by score: returns per detection (score, cls, is_true_positive)."""
    out = []
    used = np.zeros(len(gts), bool)
    for d in dets[np.argsort(-dets[:, 4], kind="stable")] if len(dets) else []:
        tp = False
        same = np.where((gts[:, 4] == d[5]) & ~used)[0] if len(gts) else []
        if len(same):
            ious = iou(d, gts[same])
            j = int(np.argmax(ious))
            if ious[j] >= iou_threshold:
                used[same[j]] = True
                tp = True
        out.append((float(d[4]), int(d[5]), tp))
    return out


def evaluate(all_dets, all_gts, num_classes, threshold):
    """all_dets: list of [n, 6] arrays; all_gts: list of [m, 5] arrays (x1, y1, x2, y2, cls)."""
    records = []
    for dets, gts in zip(all_dets, all_gts):
        records.extend(match(dets, gts))
    n_gt = np.zeros(num_classes, int)
    for g in all_gts:
        for c in g[:, 4].astype(int):
            n_gt[c] += 1
    aps = []
    per_class = {}
    for c in range(num_classes):
        if n_gt[c] == 0:
            continue
        rec = sorted([r for r in records if r[1] == c], key=lambda r: -r[0])
        tp = np.array([r[2] for r in rec], float)
        if len(tp) == 0:
            aps.append(0.0)
            per_class[c] = 0.0
            continue
        ctp = np.cumsum(tp)
        recall = ctp / n_gt[c]
        precision = ctp / np.arange(1, len(tp) + 1)
        mrec = np.concatenate([[0], recall, [1]])
        mpre = np.concatenate([[1], precision, [0]])
        for i in range(len(mpre) - 2, -1, -1):
            mpre[i] = max(mpre[i], mpre[i + 1])
        idx = np.where(mrec[1:] != mrec[:-1])[0]
        ap = float(np.sum((mrec[idx + 1] - mrec[idx]) * mpre[idx + 1]))
        aps.append(ap)
        per_class[c] = ap
    kept = [r for r in records if r[0] >= threshold]
    tps = sum(r[2] for r in kept)
    return {
        "mAP50": float(np.mean(aps)) if aps else 0.0,
        "perClassAP50": per_class,
        "precision": tps / max(len(kept), 1),
        "recall": tps / max(int(n_gt.sum()), 1),
        "threshold": threshold,
    }
