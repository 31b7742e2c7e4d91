// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: plain token with an owner and no powers beyond setPair.
contract CleanPlain is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

}
