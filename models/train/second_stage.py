"""Trains the second-stage classifier: a small CNN that looks again at each candidate box the
detector finds (a 32x32 crop cut by src/vision/crops.ts) and says which of the 12 classes it is,
or background. The detector's remaining errors are mostly shape confusions of the right colour
(models/README.md); a network that sees each object scaled to the same size separates cube,
ball and cylinder better than the detector's heads can at their 5 ms budget.

    node models/train/crops.mjs --seed 5000 --count 30000 --out models/train/data/crops/train
    node models/train/crops.mjs --seed 6000 --count 3000 --out models/train/data/crops/val
    /usr/bin/python3 models/train/second_stage.py --train models/train/data/crops/train \
        --val models/train/data/crops/val --out models --minutes 40 --attach models/detector.json

Writes OUT/second-stage.onnx (input "crops" [N, 32, 32, 3] RGB bytes, output "probabilities"
[N, 13]) and OUT/second-stage.json (classes, crop, datasets, training, validation figures).
"""
import argparse
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from export import ByteInput, fuse_and_round, shorten_names, store_half

OPSET = 13
COLUMNS = ["label", "fromTruth", "score", "detectorClass", "frame", "iou"]


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def load_crops(directory):
    with open(os.path.join(directory, "crops.json")) as f:
        meta = json.load(f)
    size = meta["crop"]["size"]
    images = np.fromfile(os.path.join(directory, "crops.u8"), dtype=np.uint8).reshape(-1, size, size, 3)
    table = np.fromfile(os.path.join(directory, "crops.f32"), dtype=np.float32).reshape(-1, len(COLUMNS))
    assert len(images) == len(table) == meta["crops"], f"{directory}: crops and table disagree"
    return meta, images, table


def conv_bn(cin, cout, s=1):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, s, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class CropClassifier(nn.Module):
    """Six 3x3 convs to 4x4, global average pool, one linear layer. With `stem_stride` 2 (the
    committed model) the first conv already halves the crop: 4.5 M multiply-adds per crop instead
    of 8.4 M, and the far, small objects it exists for are upsampled into their crops anyway."""

    def __init__(self, num_outputs, widths=(16, 32, 64, 96), stem_stride=2):
        super().__init__()
        a, b, c, d = widths
        if stem_stride == 2:
            layers = [conv_bn(3, a, 2), conv_bn(a, b), conv_bn(b, b, 2), conv_bn(b, c), conv_bn(c, c, 2), conv_bn(c, d)]
        else:
            layers = [conv_bn(3, a), conv_bn(a, b, 2), conv_bn(b, b), conv_bn(b, c, 2), conv_bn(c, c), conv_bn(c, d, 2)]
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(d, num_outputs)

    def forward(self, x):
        return self.fc(self.features(x).mean(dim=(2, 3)))


class ByteCrops(ByteInput):
    """Export wrapper: [N, S, S, 3] RGB bytes in, class probabilities out (normalization as the
    detector's wrapper does it, and the softmax, in the graph)."""

    def forward(self, crops):
        return torch.softmax(super().forward(crops), dim=1)


def to_input(batch, mean, std):
    x = torch.from_numpy(batch).permute(0, 3, 1, 2).float() / 255
    return (x - torch.tensor(mean).view(1, 3, 1, 1)) / torch.tensor(std).view(1, 3, 1, 1)


def augment(batch, rng):
    """Mirror half the crops and shift all by up to 2 px (edge-padded): the objects are
    left-right symmetric, and a detector's box is never exactly centred."""
    out = batch.copy()
    flip = rng.random(len(out)) < 0.5
    out[flip] = out[flip, :, ::-1]
    padded = np.pad(out, ((0, 0), (2, 2), (2, 2), (0, 0)), mode="edge")
    size = out.shape[1]
    for k, (dy, dx) in enumerate(rng.integers(0, 5, size=(len(out), 2))):
        out[k] = padded[k, dy:dy + size, dx:dx + size]
    return out


def predict(net, images, mean, std, batch=1024):
    net.eval()
    out = []
    with torch.no_grad():
        for k in range(0, len(images), batch):
            out.append(torch.softmax(net(to_input(images[k:k + batch], mean, std)), dim=1).numpy())
    return np.concatenate(out)


def validation_figures(probs, table, background):
    """On the detector's candidates (not the jittered truth boxes): how often the classifier and
    the detector name an object's class, and how often the classifier calls background right."""
    cand = table[:, 1] == 0
    labels = table[:, 0].astype(int)
    obj = cand & (labels != background)
    bg = cand & (labels == background)
    guess = probs.argmax(1)
    objects_no_bg = probs[:, :background].argmax(1)
    return {
        "candidates": int(cand.sum()),
        "objects": int(obj.sum()),
        "backgrounds": int(bg.sum()),
        "classifierClassAccuracy": round(float((objects_no_bg[obj] == labels[obj]).mean()), 4),
        "detectorClassAccuracy": round(float((table[obj, 3].astype(int) == labels[obj]).mean()), 4),
        "backgroundRecall": round(float((guess[bg] == background).mean()), 4),
        "objectsCalledBackground": round(float((guess[obj] == background).mean()), 4),
    }


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--train", required=True, help="comma-separated crop directories (crops.mjs)")
    p.add_argument("--val", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--minutes", type=float, default=25, help="training time budget (the learning rate follows it)")
    p.add_argument("--iterations", type=int, help="train exactly this many steps instead of for --minutes")
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--stem-stride", type=int, choices=(1, 2), default=2)
    p.add_argument("--detector", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "detector.json"),
                   help="metadata of the detector the crops were cut with (normalization)")
    p.add_argument("--checkpoint", help="export this second-stage.pt instead of training")
    p.add_argument("--attach", metavar="DETECTOR_JSON", help="name the exported classifier in this detector.json")
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)

    parts = [load_crops(d) for d in args.train.split(",")]
    metas = [m for m, _, _ in parts]
    images = np.concatenate([i for _, i, _ in parts])
    table = np.concatenate([t for _, _, t in parts])
    val_meta, val_images, val_table = load_crops(args.val)
    classes = metas[0]["classes"]
    background = len(classes) - 1
    for m in metas + [val_meta]:
        assert m["classes"] == classes and m["crop"] == metas[0]["crop"], "crop sets disagree on classes or crop"
    # The detector's normalization, so both stages read bytes the same way.
    with open(args.detector) as f:
        det_input = json.load(f)["input"]
    mean, std = det_input["mean"], det_input["std"]
    labels = torch.from_numpy(table[:, 0].astype(np.int64))
    log(f"{len(images)} training crops, {len(val_images)} validation crops")

    if args.checkpoint:
        saved = torch.load(args.checkpoint)
        net = CropClassifier(len(classes), stem_stride=saved.get("stemStride", 1))
        net.load_state_dict(saved["state"])
        finish(net, args, {"stemStride": saved.get("stemStride", 1), **saved.get("training", {})}, metas, val_meta, val_images, val_table, mean, std)
        return
    net = CropClassifier(len(classes), stem_stride=args.stem_stride)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    per_epoch = math.ceil(len(images) / args.batch)
    # The learning rate follows a cosine over the budget: steps with --iterations (reproducible up
    # to torch's CPU kernels), otherwise wall-clock time, measured as it goes (a shared machine).
    budget = args.minutes * 60
    started = time.time()

    def progress():
        return it / args.iterations if args.iterations else (time.time() - started) / budget

    it = 0
    epoch = 0
    while progress() < 1.0:
        order = rng.permutation(len(images))
        net.train()
        for k in range(per_epoch):
            frac = min(1.0, progress())
            if frac >= 1.0:
                break
            for g in opt.param_groups:
                g["lr"] = args.lr * 0.5 * (1 + math.cos(math.pi * frac))
            idx = np.sort(order[k * args.batch:(k + 1) * args.batch])
            x = to_input(augment(images[idx], rng), mean, std)
            loss = F.cross_entropy(net(x), labels[idx], label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            it += 1
            if it % 200 == 0:
                log(f"epoch {epoch} it {it} loss {loss.item():.4f} lr {opt.param_groups[0]['lr']:.5f}")
        epoch += 1
        figures = validation_figures(predict(net, val_images, mean, std), val_table, background)
        log(f"after epoch {epoch}: {json.dumps(figures)}")
    training = {"stemStride": args.stem_stride, "seconds": round(time.time() - started), "epochs": round(it / per_epoch, 2), "iterations": it,
                "batch": args.batch, "lr": args.lr, "torch": torch.__version__}
    os.makedirs(args.out, exist_ok=True)
    torch.save({"state": net.state_dict(), "classes": classes, "stemStride": args.stem_stride, "training": training}, os.path.join(args.out, "second-stage.pt"))
    finish(net, args, training, metas, val_meta, val_images, val_table, mean, std)


def finish(net, args, training, metas, val_meta, val_images, val_table, mean, std):
    """Exports the trained network with its metadata (and attaches it to a detector if asked)."""
    classes = metas[0]["classes"]
    parameters = sum(p.numel() for p in net.parameters())
    net = fuse_and_round(net)
    os.makedirs(args.out, exist_ok=True)
    onnx_path = os.path.join(args.out, "second-stage.onnx")
    export(net, onnx_path, metas[0]["crop"]["size"], classes, mean, std)
    figures = validation_figures(predict(net, val_images, mean, std), val_table, len(classes) - 1)
    meta = {
        "format": "robot-agent-second-stage",
        "version": 1,
        "classes": classes,
        "crop": metas[0]["crop"],
        "input": {"name": "crops", "layout": "NHWC", "dtype": "uint8", "mean": mean, "std": std},
        "output": {"name": "probabilities", "layout": "class probabilities, the last is background"},
        "parameters": parameters,
        "dataset": {"parts": [{"seed": m["seed"], "count": m["count"], "crops": m["crops"]} for m in metas]},
        "validation": {"seed": val_meta["seed"], "frames": val_meta["count"], **figures},
        "exportCheck": export_check(net, metas[0]["crop"]["size"], mean, std),
        "training": training,
    }
    with open(os.path.join(args.out, "second-stage.json"), "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    log(f"wrote {onnx_path} ({os.path.getsize(onnx_path)} bytes): {json.dumps(meta['validation'])}")
    if args.attach:
        attach(args.attach, onnx_path)


def attach(detector_json, onnx_path):
    """Names the second stage in the detector's metadata, so the runtime runs it."""
    with open(detector_json) as f:
        meta = json.load(f)
    meta["secondStage"] = {"model": os.path.relpath(onnx_path, os.path.dirname(os.path.abspath(detector_json)))}
    with open(detector_json, "w") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    log(f"{detector_json} now names {meta['secondStage']['model']} as its second stage")


CHECK_CROPS = 4


def check_pattern(n, size):
    """Deterministic test crops (a byte pattern, not a picture): test/vision/export-check.test.ts
    builds the same bytes."""
    k, y, x, c = np.meshgrid(np.arange(n), np.arange(size), np.arange(size), np.arange(3), indexing="ij")
    return ((k * 37 + y * 11 + x * 7 + c * 101) % 256).astype(np.uint8)


def export_check(net, size, mean, std):
    """Torch's probabilities through the exported wrapper on `check_pattern` crops; a test runs
    the ONNX file on the same bytes and compares."""
    with torch.no_grad():
        probs = ByteCrops(net.eval(), mean, std).eval()(torch.from_numpy(check_pattern(CHECK_CROPS, size))).numpy()
    return {"crops": CHECK_CROPS, "pattern": "(crop*37 + y*11 + x*7 + channel*101) % 256",
            "probabilities": [[round(float(v), 5) for v in row] for row in probs]}


def export(net, path, size, classes, mean, std):
    import onnx

    dummy = torch.zeros(2, size, size, 3, dtype=torch.uint8)
    torch.onnx.export(ByteCrops(net.eval(), mean, std).eval(), dummy, path, input_names=["crops"],
                      output_names=["probabilities"], dynamic_axes={"crops": {0: "n"}, "probabilities": {0: "n"}},
                      opset_version=OPSET, do_constant_folding=True)
    model = onnx.load(path)
    shorten_names(model.graph)
    store_half(model.graph)
    entry = model.metadata_props.add()
    entry.key, entry.value = "classes", json.dumps(classes)
    onnx.checker.check_model(model)
    onnx.save(model, path)


if __name__ == "__main__":
    main()
