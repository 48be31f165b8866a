//! Gas, as the Final EIP-2537 prices it (section "Gas burning on precompile").

/// G1ADD: a fixed price.
pub const G1ADD_GAS: u64 = 375;
/// G2ADD: a fixed price.
pub const G2ADD_GAS: u64 = 600;
/// The price of one G1 multiplication, the base of the G1MSM formula.
pub const G1MUL_GAS: u64 = 12_000;
/// The price of one G2 multiplication, the base of the G2MSM formula.
pub const G2MUL_GAS: u64 = 22_500;
/// PAIRING_CHECK: `32600·k + 37700` for k pairs.
pub const PAIRING_PER_PAIR_GAS: u64 = 32_600;
/// PAIRING_CHECK's constant term.
pub const PAIRING_BASE_GAS: u64 = 37_700;
/// MAP_FP_TO_G1: a fixed price.
pub const MAP_FP_TO_G1_GAS: u64 = 5_500;
/// MAP_FP2_TO_G2: a fixed price.
pub const MAP_FP2_TO_G2_GAS: u64 = 23_800;

/// G1MSM's discounts, in thousandths, for k = 1..=128 pairs; larger k use the last entry.
pub const G1MSM_DISCOUNT: [u16; 128] = [
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677, 673, 669, 665, 661, 658, 654, 651,
    648, 645, 642, 640, 637, 635, 632, 630, 627, 625, 623, 621, 619, 617, 615, 613, 611, 609, 608, 606, 604, 603, 601,
    599, 598, 596, 595, 593, 592, 591, 589, 588, 586, 585, 584, 582, 581, 580, 579, 577, 576, 575, 574, 573, 572, 570,
    569, 568, 567, 566, 565, 564, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547,
    547, 546, 545, 544, 543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531, 530, 529, 528,
    528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
];

/// G2MSM's discounts, in thousandths, for k = 1..=128 pairs; larger k use the last entry.
pub const G2MSM_DISCOUNT: [u16; 128] = [
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717, 711, 704, 699, 693, 688, 683,
    679, 674, 670, 666, 663, 659, 655, 652, 649, 646, 643, 640, 637, 634, 632, 629, 627, 624, 622, 620, 618, 615, 613,
    611, 609, 607, 606, 604, 602, 600, 598, 597, 595, 593, 592, 590, 589, 587, 586, 584, 583, 582, 580, 579, 578, 576,
    575, 574, 573, 571, 570, 569, 568, 567, 566, 565, 563, 562, 561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552,
    551, 550, 549, 548, 547, 546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535, 534, 533,
    532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
];

/// `k · mul · discount(k) / 1000`, rounded down; zero for k = 0 (an empty input, which fails).
pub fn msm_gas(k: usize, mul: u64, discounts: &[u16; 128]) -> u64 {
    if k == 0 {
        return 0;
    }
    let discount = discounts[k.min(discounts.len()) - 1] as u128;
    // In u128: k is bounded only by the input's length.
    ((k as u128 * mul as u128 * discount) / 1000).min(u64::MAX as u128) as u64
}

/// `32600·k + 37700`.
pub fn pairing_gas(k: usize) -> u64 {
    (k as u64).saturating_mul(PAIRING_PER_PAIR_GAS).saturating_add(PAIRING_BASE_GAS)
}
