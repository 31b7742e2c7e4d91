// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Read-only helper placed by eth_call state override (never deployed): returns the code
/// size of many addresses in one call, so telling wallets from contracts costs one round trip.
contract CodeSizeReader {
    function codeSizes(address[] calldata accounts) external view returns (uint256[] memory sizes) {
        sizes = new uint256[](accounts.length);
        for (uint256 i = 0; i < accounts.length; i++) {
            sizes[i] = accounts[i].code.length;
        }
    }
}
