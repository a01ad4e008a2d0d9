"""Trains the robot-agent object detector on a dataset exported by `robot-agent dataset`,
evaluates it on a held-out dataset (a different seed), and writes models/detector.onnx and
models/detector.json. CPU only; the time budget, not an epoch count, bounds training, so the
run takes the same wall time on a busy machine (it just sees fewer images).

    /usr/bin/python3 models/train/train.py --minutes 32
    /usr/bin/python3 models/train/train.py --init models/train/data/checkpoint.pt --factorized \
        --crop 128x160,240x320 --lr 1.5e-3 --minutes 20

(the exact recipe of the committed model; see models/README.md).
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import boxes_array, crop_boxes, load_datasets, make_targets  # noqa: E402
from export import HEIGHT, WIDTH, finish, log  # noqa: E402
from hard import object_hardness  # noqa: E402
from model import CenterNet  # noqa: E402


def focal_loss(logits, gt):
    """CenterNet's penalty-reduced focal loss, in log-sigmoid form for stability."""
    pos = gt.eq(1).float()
    neg_weight = torch.pow(1 - gt, 4) * (1 - pos)
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    log_p = F.logsigmoid(logits)
    log_not_p = F.logsigmoid(-logits)
    pos_loss = (log_p * (1 - p) ** 2 * pos).sum()
    neg_loss = (log_not_p * p ** 2 * neg_weight).sum()
    return -(pos_loss + neg_loss) / pos.sum().clamp(min=1)


def class_loss(cls_logits, gt):
    """Cross-entropy of the class logits around each object centre, weighted by the centre's
    Gaussian (cells with weight < 0.3 ignored), so decoding near a peak reads the right class."""
    weight, target = gt.max(dim=1)
    weight = weight * (weight >= 0.3).float()
    ce = F.cross_entropy(cls_logits, target, reduction="none")
    return (ce * weight).sum() / weight.sum().clamp(min=1)


def widen_state(state, fresh):
    """Fits a checkpoint into a network with the same layers but more channels: old weights fill the
    leading channels; extra output channels keep their fresh initialization, and the weights that
    read extra input channels are zeroed, so the widened network computes what the old one did
    and the new channels join in as training gives them weight."""
    out = {}
    for k, v in state.items():
        if k not in fresh or fresh[k].shape == v.shape:
            out[k] = v
            continue
        w = fresh[k].clone()
        if w.dim() == 4:
            w[:, v.shape[1]:] = 0
        w[tuple(slice(0, n) for n in v.shape)] = v
        out[k] = w
    return out


def reg_l1(pred, ind, target, mask):
    b, c = pred.shape[:2]
    g = torch.gather(pred.reshape(b, c, -1), 2, ind.unsqueeze(1).expand(b, c, ind.shape[1])).permute(0, 2, 1)
    m = mask.unsqueeze(2)
    return (torch.abs(g - target) * m).sum() / (m.sum() * c).clamp(min=1)


class Sampler:
    """Random training crops (mostly around objects), horizontal flips and small exposure jitter."""

    def __init__(self, images, boxes, crop_h, crop_w, mean, std, num_classes, rng, hard=None, hard_share=0.0):
        self.images, self.crop_h, self.crop_w = images, crop_h, crop_w
        self.boxes = boxes
        # Hard-object sampling: (frame, box, hardness) arrays; this share of crops centres on an
        # object drawn with probability proportional to its hardness squared (a right answer
        # still scores only ~0.75, so plain hardness would spend most draws on easy objects).
        self.hard, self.hard_share = hard, hard_share
        if hard is not None:
            w = hard[2] ** 2
            self.hard_cdf = np.cumsum(w) / w.sum()
        self.mean = torch.tensor(mean).view(1, 3, 1, 1)
        self.std = torch.tensor(std).view(1, 3, 1, 1)
        self.nc, self.rng = num_classes, rng

    def batch(self, n):
        imgs, heats, inds, whs, offs, masks = [], [], [], [], [], []
        for _ in range(n):
            i = int(self.rng.integers(len(self.images)))
            boxes = self.boxes[i]
            ch, cw = self.crop_h, self.crop_w
            centre = None
            if self.hard is not None and self.rng.random() < self.hard_share:
                h = min(int(np.searchsorted(self.hard_cdf, self.rng.random())), len(self.hard_cdf) - 1)
                i = int(self.hard[0][h])
                boxes = self.boxes[i]
                centre = boxes[int(self.hard[1][h])]
            elif len(boxes) and self.rng.random() < 0.75:
                centre = boxes[int(self.rng.integers(len(boxes)))]
            if centre is not None:
                b = centre
                cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
                x0 = int(np.clip(cx - self.rng.uniform(0.15, 0.85) * cw, 0, WIDTH - cw))
                y0 = int(np.clip(cy - self.rng.uniform(0.15, 0.85) * ch, 0, HEIGHT - ch))
            else:
                x0 = int(self.rng.integers(WIDTH - cw + 1))
                y0 = int(self.rng.integers(HEIGHT - ch + 1))
            img = self.images[i, y0:y0 + ch, x0:x0 + cw]
            bx = crop_boxes(boxes, x0, y0, cw, ch)
            if self.rng.random() < 0.5:
                img = img[:, ::-1]
                if len(bx):
                    bx = bx.copy()
                    bx[:, [0, 2]] = cw - bx[:, [2, 0]]
            heat, ind, wh, off, mask = make_targets(bx, ch, cw, self.nc)
            imgs.append(np.ascontiguousarray(img))
            heats.append(heat)
            inds.append(ind)
            whs.append(wh)
            offs.append(off)
            masks.append(mask)
        x = torch.from_numpy(np.stack(imgs)).permute(0, 3, 1, 2).float() / 255
        gain = torch.from_numpy(self.rng.uniform(0.85, 1.15, (n, 1, 1, 1)).astype(np.float32))
        x = ((x * gain).clamp(0, 1) - self.mean) / self.std
        t = [torch.from_numpy(np.stack(a)) for a in (heats, inds, whs, offs, masks)]
        return x, t


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--train", default=os.path.join(here, "data", "train"),
                    help="training dataset directory; several, comma-separated, are trained on as one")
    ap.add_argument("--eval", default=os.path.join(here, "data", "eval"))
    ap.add_argument("--out", default=os.path.dirname(here))
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--iterations", type=int, default=0,
                    help="train exactly this many iterations (the schedule follows them) instead of for --minutes")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--crop", default="128x160",
                    help="training crop HxW (multiples of 16); several, comma-separated, are used in turn "
                         "with the batch scaled to the same pixel count (e.g. 128x160,240x320)")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--threshold", type=float, default=0.3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--init", help="continue from this checkpoint (a fine-tuning phase)")
    ap.add_argument("--work", default=os.path.join(here, "data"), help="where checkpoint.pt and training.json go")
    ap.add_argument("--class-agnostic", action="store_true", help="one class per heatmap cell when decoding")
    ap.add_argument("--no-export", action="store_true")
    ap.add_argument("--factorized", action="store_true", help="objectness heatmap + softmax class head")
    ap.add_argument("--hard-share", type=float, default=0.0,
                    help="with --init: this share of crops centres on objects the starting network gets wrong "
                         "(drawn in proportion to how wrong, squared; see hard.py)")
    ap.add_argument("--widths", default="16,32,48,80",
                    help="backbone widths c1,c2,c3,c4 (c2 is the stride-4 path); with --init from a narrower "
                         "checkpoint the network is widened so that it starts out computing the same function")
    args = ap.parse_args()
    if args.hard_share and not args.init:
        raise SystemExit("--hard-share needs --init: hardness is measured with the starting network")
    if not 0 <= args.hard_share <= 1:
        raise SystemExit("--hard-share is a share of the crops: use a number from 0 to 1")

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    crops = [tuple(int(v) for v in c.split("x")) for c in args.crop.split(",")]
    base_area = crops[0][0] * crops[0][1]

    log(f"loading {args.train}")
    images, lines, classes, dataset = load_datasets(args.train.split(","))
    prev_phases = []
    widths = tuple(int(v) for v in args.widths.split(","))
    net = CenterNet(len(classes), widths=widths, factorized=args.factorized)
    if args.init:
        # A later phase keeps the first phase's normalization and adds up the training record.
        prev = json.load(open(os.path.join(args.work, "training.json")))
        prev_phases, mean, std = prev["phases"], prev["mean"], prev["std"]
        state = torch.load(args.init)
        if args.factorized and state["head.weight"].shape[0] != net.head.weight.shape[0]:
            # From a per-class checkpoint: objectness starts as the mean of the class heatmaps,
            # the class logits as the class heatmaps themselves.
            w, b = state["head.weight"], state["head.bias"]
            c = len(classes)
            state["head.weight"] = torch.cat([w[:c].mean(0, keepdim=True), w[c:c + 4], w[:c]])
            state["head.bias"] = torch.cat([b[:c].mean(0, keepdim=True), b[c:c + 4], b[:c]])
        state = widen_state(state, net.state_dict())
        net.load_state_dict(state, strict=False)
    else:
        sample = images[:: max(1, len(images) // 300)].reshape(-1, 3).astype(np.float64) / 255
        mean = [round(float(v), 3) for v in sample.mean(0)]
        std = [round(float(v), 3) for v in sample.std(0)]
    seeds = ", ".join(str(p["seed"]) for p in dataset["parts"])
    log(f"{len(images)} training frames (seeds {seeds}), mean {mean} std {std}")
    net = net.to(memory_format=torch.channels_last)
    params = sum(p.numel() for p in net.parameters())
    log(f"model: {params} parameters")
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    boxes = [boxes_array(line) for line in lines]
    hard = None
    if args.hard_share > 0:
        hard = object_hardness(net, images, boxes, mean, std, log=log)
        log(f"hardness: {len(hard[2])} objects, mean {hard[2].mean():.3f}, "
            f"{(hard[2] > 0.5).mean() * 100:.1f}% above 0.5")
    samplers = [Sampler(images, boxes, h, w, mean, std, len(classes), rng, hard, args.hard_share) for h, w in crops]
    batches = [max(1, round(args.batch * base_area / (h * w))) for h, w in crops]

    budget = args.minutes * 60
    start = time.time()
    it = seen = pixels = 0
    running = None
    os.makedirs(args.work, exist_ok=True)
    ckpt = os.path.join(args.work, "checkpoint.pt")
    last_ckpt = start
    net.train()
    while True:
        elapsed = time.time() - start
        frac = it / args.iterations if args.iterations else elapsed / budget
        if frac >= 1:
            break
        # Linear warm-up over the first 3%, then cosine decay to zero at the end of the budget.
        lr = args.lr * min(1.0, frac / 0.03) * 0.5 * (1 + math.cos(math.pi * frac))
        for g in opt.param_groups:
            g["lr"] = lr
        k = it % len(crops)
        x, (heat, ind, wh, off, mask) = samplers[k].batch(batches[k])
        hm_p, wh_p, off_p, cls_p = net(x.contiguous(memory_format=torch.channels_last))
        if args.factorized:
            l_hm = focal_loss(hm_p, heat.max(dim=1, keepdim=True)[0]) + class_loss(cls_p, heat)
        else:
            l_hm = focal_loss(hm_p, heat)
        l_wh = reg_l1(wh_p, ind, wh, mask)
        l_off = reg_l1(off_p, ind, off, mask)
        loss = l_hm + 0.1 * l_wh + l_off
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        it += 1
        seen += batches[k]
        pixels += batches[k] * crops[k][0] * crops[k][1]
        cur = np.array([loss.item(), l_hm.item(), l_wh.item(), l_off.item()])
        running = cur if running is None else 0.98 * running + 0.02 * cur
        if it % 50 == 0:
            log(f"it {it} {elapsed / 60:.1f} min {seen} crops ({seen / elapsed:.1f}/s) lr {lr:.2e} "
                f"loss {running[0]:.3f} hm {running[1]:.3f} wh {running[2]:.3f} off {running[3]:.3f}")
        if time.time() - last_ckpt > 300:
            torch.save(net.state_dict(), ckpt)
            last_ckpt = time.time()
    seconds = time.time() - start
    torch.save(net.state_dict(), ckpt)
    epochs = pixels / (len(images) * WIDTH * HEIGHT)
    log(f"trained {seconds / 60:.1f} min, {it} iterations, {seen} crops (≈{epochs:.2f} full-frame epochs)")
    phase = {"seconds": round(seconds), "epochs": round(epochs, 2), "iterations": it, "batch": args.batch,
             "crops": [list(c) for c in crops], "lr": args.lr, "init": bool(args.init), "factorized": args.factorized,
             "widths": list(widths), "hardShare": args.hard_share, "dataset": dataset}

    training = {"phases": prev_phases + [phase], "classes": classes, "mean": mean, "std": std, "factorized": args.factorized,
                "widths": list(widths),
                "seconds": round(sum(p["seconds"] for p in prev_phases) + seconds),
                "epochs": round(sum(p["epochs"] for p in prev_phases) + epochs, 2),
                "iterations": sum(p["iterations"] for p in prev_phases) + it}
    with open(os.path.join(args.work, "training.json"), "w") as f:
        json.dump(training, f, indent=2)
    if not args.no_export:
        finish(net.eval(), training, args.eval, args.out, args.threshold, args.class_agnostic)


if __name__ == "__main__":
    main()
