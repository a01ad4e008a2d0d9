"""Hard-object sampling: how wrong the starting network is about each training object, so a
fine-tuning phase can centre more of its crops on the objects it gets wrong. On 2 CPU cores the
budget buys only a few epochs, and most of them were spent on objects the network already
gets right; its remaining errors are shape confusions on small or partly hidden objects."""
import numpy as np
import torch

from model import STRIDE


@torch.no_grad()
def object_hardness(net, images, boxes, mean, std, chunk=32, log=print):
    """Per object of every frame: max(1 - score of its class near its centre, best score of any
    other class there), in [0, 1]. Returns (frame index, box index, hardness) arrays."""
    net.eval()
    m = torch.tensor(mean).view(1, 3, 1, 1)
    s = torch.tensor(std).view(1, 3, 1, 1)
    frames, which, hardness = [], [], []
    for start in range(0, len(images), chunk):
        x = torch.from_numpy(np.array(images[start:start + chunk])).permute(0, 3, 1, 2).float() / 255
        heat, _, _, cls = net(((x - m) / s).contiguous(memory_format=torch.channels_last))
        # Best score in the 3x3 cells around the centre cell: near where the decoder looks for a
        # peak (a neighbouring object of another class there also counts as a wrong answer).
        hm = torch.nn.functional.max_pool2d(net.class_scores(heat, cls), 3, 1, 1).numpy()
        oh, ow = hm.shape[2:]
        for j in range(hm.shape[0]):
            for k, (x1, y1, x2, y2, c) in enumerate(boxes[start + j]):
                ix = min(int((x1 + x2) / 2 / STRIDE), ow - 1)
                iy = min(int((y1 + y2) / 2 / STRIDE), oh - 1)
                scores = hm[j, :, iy, ix]
                right = scores[int(c)]
                wrong = np.delete(scores, int(c)).max()
                frames.append(start + j)
                which.append(k)
                hardness.append(max(1 - right, wrong))
        if start // chunk % 50 == 0:
            log(f"hardness: {start + hm.shape[0]} / {len(images)} frames")
    net.train()
    return np.array(frames), np.array(which), np.array(hardness, np.float64)
