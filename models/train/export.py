"""Evaluates a trained detector on a held-out dataset and writes models/detector.onnx and
models/detector.json. Called at the end of train.py; run alone to re-export a checkpoint:

    /usr/bin/python3 models/train/export.py --checkpoint models/train/data/checkpoint.pt
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import boxes_array, dataset_parts, load_dataset  # noqa: E402
from evaluate import evaluate, iou  # noqa: E402
from model import STRIDE, CenterNet, DecodedDetector  # noqa: E402

WIDTH, HEIGHT = 320, 240
MAX_DETECTIONS = 100
OPSET = 13


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def detect_all(det, images, mean, std, batch=16):
    m = torch.tensor(mean).view(1, 3, 1, 1)
    s = torch.tensor(std).view(1, 3, 1, 1)
    out = []
    with torch.no_grad():
        for k in range(0, len(images), batch):
            x = torch.from_numpy(np.array(images[k:k + batch])).permute(0, 3, 1, 2).float() / 255
            out.extend(list(det((x - m) / s).numpy()))
    return out


def run_eval(det, images, lines, mean, std, threshold, num_classes):
    dets = [d[d[:, 4] > 0.01] for d in detect_all(det, images, mean, std)]
    gts = [boxes_array(line) for line in lines]
    result = evaluate(dets, gts, num_classes, threshold)
    # Recall at the threshold by distance, to check the "detectable to 4 m" requirement.
    buckets = {}
    for g, line, d in zip(gts, lines, dets):
        kept = d[d[:, 4] >= threshold]
        for box, meta in zip(g, line["boxes"]):
            key = f"{int(meta['distanceM'])}-{int(meta['distanceM']) + 1}m" if meta["distanceM"] < 5 else ">5m"
            same = kept[kept[:, 5] == box[4]]
            hit = bool(len(same)) and bool(iou(box, same).max() >= 0.5)
            tot, ok = buckets.get(key, (0, 0))
            buckets[key] = (tot + 1, ok + int(hit))
    result["recallByDistance"] = {k: round(ok / tot, 3) for k, (tot, ok) in sorted(buckets.items())}
    return result


class ByteInput(torch.nn.Module):
    """The exported graph's front: the camera's RGB bytes as they are, [1, H, W, 3] uint8, cast,
    transposed to NCHW and normalized inside the graph. onnxruntime does this in ~0.05 ms; the same
    loop in JavaScript took ~0.5 ms of a 5 ms frame, and the runtime can now read the frame's
    bytes without a copy."""

    def __init__(self, det, mean, std):
        super().__init__()
        self.det = det
        std_t = torch.tensor(std, dtype=torch.float32).view(1, 3, 1, 1)
        self.register_buffer("scale", 1.0 / (255.0 * std_t))
        self.register_buffer("shift", torch.tensor(mean, dtype=torch.float32).view(1, 3, 1, 1) / std_t)

    def forward(self, images):
        return self.det(images.permute(0, 3, 1, 2).float() * self.scale - self.shift)


def shorten_names(graph):
    """Renames nodes, weights and intermediate values to n0, w0, v0, ...: torch's scoped names
    ("/net/fuse4/fuse4.0/fuse4.0.2/Relu_output_0") were ~2% of the file. Graph inputs and
    outputs keep their names (they are the contract)."""
    keep = {v.name for v in graph.input} | {v.name for v in graph.output}
    rename = {}
    for i, init in enumerate(graph.initializer):
        if init.name not in keep:
            rename[init.name] = f"w{i}"
    for node in graph.node:
        for out in node.output:
            if out and out not in keep and out not in rename:
                rename[out] = f"v{len(rename)}"
    for i, node in enumerate(graph.node):
        node.name = f"n{i}"
        node.doc_string = ""
        node.input[:] = [rename.get(n, n) for n in node.input]
        node.output[:] = [rename.get(n, n) for n in node.output]
    for init in graph.initializer:
        init.name = rename.get(init.name, init.name)
    for info in graph.value_info:
        info.name = rename.get(info.name, info.name)


def fuse_and_round(net):
    """Folds every BatchNorm into the conv before it and rounds all weights to float16 values,
    in place (eval mode). The exported file then stores its weights as float16 (`store_half`),
    half the size, and torch computes with exactly the weights onnxruntime will use, so the
    evaluation and export check describe the shipped file."""
    from torch.nn.utils.fusion import fuse_conv_bn_eval

    net.eval()
    for module in list(net.modules()):
        if isinstance(module, torch.nn.Sequential):
            for k in range(len(module) - 1):
                conv, bn = module[k], module[k + 1]
                if isinstance(conv, torch.nn.Conv2d) and isinstance(bn, torch.nn.BatchNorm2d):
                    module[k] = fuse_conv_bn_eval(conv, bn)
                    module[k + 1] = torch.nn.Identity()
    with torch.no_grad():
        for t in list(net.parameters()) + list(net.buffers()):
            if t.is_floating_point():
                t.copy_(t.half().float())
    return net


def store_half(graph, min_elements=16):
    """Stores float32 weights of at least `min_elements` as float16 initializers, each followed by
    a Cast back to float32: the file halves, and onnxruntime folds the casts when it creates the
    session, so inference runs in float32 as before. Lossless after `fuse_and_round`."""
    from onnx import TensorProto, helper, numpy_helper

    casts = []
    for init in graph.initializer:
        if init.data_type != TensorProto.FLOAT:
            continue
        values = numpy_helper.to_array(init)
        if values.size < min_elements:
            continue
        half = values.astype(np.float16)
        if not np.array_equal(half.astype(np.float32), values):
            raise SystemExit(f"weight {init.name} is not float16-exact: call fuse_and_round before exporting")
        name = init.name
        init.CopyFrom(numpy_helper.from_array(half, f"{name}_f16"))
        casts.append(helper.make_node("Cast", [f"{name}_f16"], [name], to=TensorProto.FLOAT))
    nodes = list(graph.node)
    del graph.node[:]
    graph.node.extend(casts + nodes)


def export_onnx(det, path, classes, mean, std):
    import onnx

    dummy = torch.zeros(1, HEIGHT, WIDTH, 3, dtype=torch.uint8)
    torch.onnx.export(ByteInput(det, mean, std).eval(), dummy, path, input_names=["images"], output_names=["detections"],
                      opset_version=OPSET, do_constant_folding=True)
    model = onnx.load(path)
    shorten_names(model.graph)
    store_half(model.graph)
    for key, value in (("classes", json.dumps(classes)), ("mean", json.dumps(mean)), ("std", json.dumps(std)),
                       ("format", "robot-agent-detector/1")):
        entry = model.metadata_props.add()
        entry.key, entry.value = key, value
    onnx.checker.check_model(model)
    onnx.save(model, path)


CHECK_FRAMES = 3
CHECK_MIN_SCORE = 0.3


def export_check(det, images, lines, mean, std, seed):
    """Torch's own output, through the same bytes-in wrapper that is exported, on the first
    evaluation frames with at least two objects. A test renders those frames with the TypeScript
    renderer, runs the ONNX file in onnxruntime-node and compares, so a faulty export (or a
    renderer that drifted from the one that made the dataset) cannot pass unnoticed."""
    wrapper = ByteInput(det, mean, std).eval()
    frames = [i for i, line in enumerate(lines) if len(line["boxes"]) >= 2][:CHECK_FRAMES]
    detections = []
    with torch.no_grad():
        for i in frames:
            out = wrapper(torch.from_numpy(np.array(images[i:i + 1])))[0].numpy()
            detections.append([[round(float(v), 4) for v in row] for row in out if row[4] >= CHECK_MIN_SCORE])
    return {"seed": seed, "frames": frames, "minScore": CHECK_MIN_SCORE,
            "rows": "x1, y1, x2, y2, score, class", "detections": detections}


def trained_on(training):
    """Every (seed, count) dataset part any training phase saw, so benches can skip those frames."""
    parts = []
    for phase in training["phases"]:
        for part in dataset_parts(phase["dataset"]):
            if part not in parts:
                parts.append(part)
    return {"parts": parts, "rendererVersion": training["phases"][-1]["dataset"]["rendererVersion"]}


def finish(net, training, eval_dir, out_dir, threshold, class_agnostic):
    mean, std = training["mean"], training["std"]
    eval_images, eval_lines = load_dataset(eval_dir)
    eval_meta = json.load(open(os.path.join(eval_dir, "dataset.json")))
    classes = eval_meta["classes"]
    if training.get("classes", classes) != classes:
        raise SystemExit("the evaluation dataset has other classes than the training data")
    dataset = trained_on(training)
    if any(part["seed"] == eval_meta["seed"] for part in dataset["parts"]):
        raise SystemExit("the evaluation dataset must use a different seed from every training dataset")
    net = net.to(memory_format=torch.contiguous_format).eval()
    parameters = sum(p.numel() for p in net.parameters())
    fuse_and_round(net)
    det = DecodedDetector(net, MAX_DETECTIONS, WIDTH, HEIGHT, class_agnostic).eval()
    result = run_eval(det, eval_images, eval_lines, mean, std, threshold, len(classes))
    log(f"held-out mAP@0.5 {result['mAP50']:.4f} precision {result['precision']:.4f} "
        f"recall {result['recall']:.4f} @ {threshold} on {len(eval_images)} frames (seed {eval_meta['seed']})")
    log(f"recall by distance {result['recallByDistance']}")
    log("per-class AP " + ", ".join(f"{classes[c]} {ap:.3f}" for c, ap in result["perClassAP50"].items()))

    onnx_path = os.path.join(out_dir, "detector.onnx")
    export_onnx(det, onnx_path, classes, mean, std)
    log(f"wrote {onnx_path} ({os.path.getsize(onnx_path)} bytes)")
    info = {
        "format": "robot-agent-detector",
        "version": 1,
        "classes": classes,
        "input": {"name": "images", "width": WIDTH, "height": HEIGHT, "layout": "NHWC", "dtype": "uint8",
                  "channels": "RGB",
                  "scale": "RGB bytes as captured; the graph applies (x / 255 - mean) / std per channel",
                  "mean": mean, "std": std},
        "output": {"name": "detections", "layout": "xyxy_score_class", "maxDetections": MAX_DETECTIONS,
                   "coordinates": "input pixels", "order": "score descending",
                   "decoding": ("3x3 max-pool peaks and top-k inside the graph"
                                + (", one class per heatmap cell" if class_agnostic else ", per class"))},
        "architecture": {"kind": "centernet", "stride": STRIDE, "factorized": net.factorized,
                         "widths": [net.stem[0].out_channels, net.s4[0].out_channels,
                                    net.s8[0][0].out_channels, net.s16[0][0].out_channels],
                         "parameters": parameters, "weights": "float16, computed in float32",
                         "opset": OPSET},
        "dataset": dataset,
        "training": {"epochs": training["epochs"], "seconds": training["seconds"], "device": "cpu",
                     "torch": torch.__version__, "iterations": training["iterations"],
                     "phases": training["phases"]},
        "evaluation": {"mAP50": round(result["mAP50"], 4), "precision": round(result["precision"], 4),
                       "recall": round(result["recall"], 4), "threshold": threshold,
                       "seed": eval_meta["seed"], "frames": len(eval_images),
                       "recallByDistance": result["recallByDistance"],
                       "perClassAP50": {classes[c]: round(ap, 4) for c, ap in result["perClassAP50"].items()}},
        "exportCheck": export_check(det, eval_images, eval_lines, mean, std, eval_meta["seed"]),
    }
    with open(os.path.join(out_dir, "detector.json"), "w") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    log(f"wrote {os.path.join(out_dir, 'detector.json')}")
    return result


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--checkpoint", default=os.path.join(here, "data", "checkpoint.pt"))
    ap.add_argument("--training", default=os.path.join(here, "data", "training.json"))
    ap.add_argument("--eval", default=os.path.join(here, "data", "eval"))
    ap.add_argument("--out", default=os.path.dirname(here))
    ap.add_argument("--threshold", type=float, default=0.3)
    ap.add_argument("--class-agnostic", action="store_true")
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    training = json.load(open(args.training))
    net = CenterNet(12, widths=tuple(training.get("widths", (16, 32, 48, 80))),
                    factorized=training.get("factorized", False))
    net.load_state_dict(torch.load(args.checkpoint))
    finish(net, training, args.eval, args.out, args.threshold, args.class_agnostic)


if __name__ == "__main__":
    main()
