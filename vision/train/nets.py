"""The two small nets of the dice reader, in PyTorch (training only; the runtime runs
their ONNX export through OpenCV's dnn module, see vision/net.py).

DiceFinder: frame (long side 320 px) -> one map at stride 4 with four channels:
  die-centre heat (sigmoid), log die size in input pixels, and the centre's sub-cell
  offset (x, y). Top faces only: side faces seen at an angle are background.
FaceReader: a 48x48 crop around one found die (the net takes any size; it was first
  trained on 40x40) -> 8 logits: 0 = not a die's top face, 1..7 = pip count.
"""

from __future__ import annotations

import torch
from torch import nn
from torch.nn import functional as F


def cbr(i: int, o: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(i, o, 3, stride, 1, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)
    )


class DiceFinder(nn.Module):
    def __init__(self, c=(16, 24, 32, 48)):
        super().__init__()
        c1, c2, c3, c4 = c
        self.s2 = cbr(3, c1, 2)
        self.s4 = nn.Sequential(cbr(c1, c2, 2), cbr(c2, c2))
        self.s8 = nn.Sequential(cbr(c2, c3, 2), cbr(c3, c3))
        self.s16 = nn.Sequential(cbr(c3, c4, 2), cbr(c4, c4), cbr(c4, c4))
        self.lat8 = nn.Conv2d(c4, c3, 1)
        self.up8 = cbr(c3, c3)
        self.lat4 = nn.Conv2d(c3, c2, 1)
        self.up4 = cbr(c2, c2)
        self.head = nn.Sequential(cbr(c2, c2), nn.Conv2d(c2, 4, 1))
        nn.init.constant_(self.head[1].bias, 0.0)
        with torch.no_grad():
            self.head[1].bias[0] = -4.0  # start with "no die anywhere" (focal-loss prior)

    def forward(self, x):
        x4 = self.s4(self.s2(x))
        x8 = self.s8(x4)
        x16 = self.s16(x8)
        y8 = self.up8(x8 + F.interpolate(self.lat8(x16), scale_factor=2.0, mode="nearest"))
        y4 = self.up4(x4 + F.interpolate(self.lat4(y8), scale_factor=2.0, mode="nearest"))
        out = self.head(y4)
        return torch.cat([torch.sigmoid(out[:, :1]), out[:, 1:]], 1)


class FaceReader(nn.Module):
    def __init__(self, c=(24, 40, 56, 72), classes: int = 8):
        super().__init__()
        c1, c2, c3, c4 = c
        self.body = nn.Sequential(
            cbr(3, c1),
            nn.MaxPool2d(2),  # 24x24: pips are 2-6 px here
            cbr(c1, c2),
            cbr(c2, c2),
            nn.MaxPool2d(2),  # 12x12
            cbr(c2, c3),
            cbr(c3, c3),
            nn.MaxPool2d(2),  # 6x6
            cbr(c3, c4),
        )
        # a 1x1 convolution, not nn.Linear: OpenCV 4's dnn cannot read the Gemm that
        # a Linear exports to with a variable batch size
        self.fc = nn.Conv2d(c4, classes, 1)

    def forward(self, x):
        x = self.body(x)
        return torch.flatten(self.fc(F.adaptive_avg_pool2d(x, 1)), 1)

    def load_state_dict(self, state, strict: bool = True):
        """Also takes weights saved while the head was an nn.Linear."""
        w = state.get("fc.weight")
        if w is not None and w.dim() == 2:
            state = {**state, "fc.weight": w[:, :, None, None]}
        return super().load_state_dict(state, strict)


def fuse_bn(model: nn.Module) -> nn.Module:
    """Fold each BatchNorm into the conv before it (smaller, faster ONNX)."""
    for module in model.modules():
        for child in list(module.children()):
            if isinstance(child, nn.Sequential):
                layers = list(child)
                for k in range(len(layers) - 1):
                    conv, bn = layers[k], layers[k + 1]
                    if isinstance(conv, nn.Conv2d) and isinstance(bn, nn.BatchNorm2d):
                        w = conv.weight
                        std = torch.sqrt(bn.running_var + bn.eps)
                        fused = nn.Conv2d(
                            conv.in_channels,
                            conv.out_channels,
                            conv.kernel_size,
                            conv.stride,
                            conv.padding,
                            bias=True,
                        )
                        fused.weight.data = w * (bn.weight / std).reshape(-1, 1, 1, 1)
                        b = (
                            conv.bias
                            if conv.bias is not None
                            else torch.zeros_like(bn.running_mean)
                        )
                        fused.bias.data = (b - bn.running_mean) * bn.weight / std + bn.bias
                        child[k] = fused
                        child[k + 1] = nn.Identity()
    return model


def export(model: nn.Module, shape, path) -> None:
    import copy

    m = fuse_bn(copy.deepcopy(model).eval())
    dummy = torch.zeros(*shape)
    torch.onnx.export(
        m,
        dummy,
        str(path),
        input_names=["input"],
        output_names=["output"],
        opset_version=13,
        dynamo=False,
        dynamic_axes={"input": {0: "n", 2: "h", 3: "w"}, "output": {0: "n"}},
    )


def check_export(model: nn.Module, shape, path) -> float:
    """Largest difference between PyTorch and OpenCV's dnn (as the reader loads it) on the
    exported file."""
    import numpy as np

    from vision.net import load_net

    x = torch.randn(*shape)
    with torch.no_grad():
        want = model.eval()(x).numpy()
    net = load_net(path)
    net.setInput(x.numpy())
    return float(np.abs(net.forward() - want).max())
