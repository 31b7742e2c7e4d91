// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice owner() is renounced but a stored dev address can still mint via devMint(uint256).
contract HiddenOwnerMint is AdvBase {

    address internal _dev;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _dev = msg.sender;
    }

    function devMint(uint256 amount) external {
        require(msg.sender == _dev, "dev");
        _mint(msg.sender, amount);
    }
}
