// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN: clearStuck() sends tokens the contract holds to the owner (a real transfer, not a mint).
contract CleanStuckTokens is AdvBase {

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _bal[msg.sender] -= 1000 ether;
        _bal[address(this)] += 1000 ether;
        emit Transfer(msg.sender, address(this), 1000 ether);
    }

    function clearStuck() external onlyOwner {
        uint256 b = _bal[address(this)];
        _bal[address(this)] = 0;
        _bal[owner] += b;
        emit Transfer(address(this), owner, b);
    }
}
