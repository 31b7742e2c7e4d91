// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice Hidden mint behind a batch "airdrop": distribute(address[],uint256[]) mints to every
/// listed wallet, with no transfer from a holder. Its selector is in no public signature list.
contract BatchAirdropMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function distributeRewardsBatch(address[] calldata to, uint256[] calldata amounts) external onlyOwner {
        require(to.length == amounts.length, "length");
        for (uint256 i = 0; i < to.length; i++) _mint(to[i], amounts[i]);
    }
}
